// Package mcpserver serves a lore project to any agent over the Model
// Context Protocol (the official Go SDK): the tools manual_list,
// manual_read and how_do_i; every manual as a lore://manual/<name>
// resource and the build's manifest as lore://manifest; every manual as an
// Agent Skill under skill://<name>/SKILL.md with its files and digests
// (the MCP Skills extension: skills/list, skills/get,
// resources/directory/read); every baked prompt bundle and every task
// template as an MCP prompt; completions for their arguments.
//
// A Server serves what `lore build` produced (it builds once when the
// output is missing or stale) and, when watching, rebuilds on change and tells the
// connected clients that its resource and prompt lists changed. Every
// answer comes from a snapshot held in memory: no request makes the server
// read a file, so no request can make it read outside the project.
//
// The SDK's transports end a session on input they cannot decode; stdio
// here is lore's own mcp.Connection (stdioConn), which answers such input
// and goes on. The SDK has no hook for methods it does not know, so the
// extension methods are answered beside it (extension.go).
package mcpserver
