// Package mcpserver serves a lore project to any agent over the Model
// Context Protocol (the official Go SDK): the tools manual_list,
// manual_read and how_do_i; every manual as a lore://manual/<name>
// resource and the build's manifest as lore://manifest; every baked prompt
// bundle and every task template as an MCP prompt.
//
// A Server serves what `lore build` produced (it builds once when the
// output is missing or stale) and, when watching, rebuilds on change and tells the
// connected clients that its resource and prompt lists changed. Every
// answer comes from a snapshot held in memory: no request makes the server
// read a file, so no request can make it read outside the project.
package mcpserver
