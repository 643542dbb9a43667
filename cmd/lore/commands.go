package main

import "github.com/spf13/cobra"

// commandMakers lists the subcommands, each defined in its own file.
var commandMakers = []func(*env) *cobra.Command{
	newLintCmd,
	newInitCmd,
	newBuildCmd,
	newCleanCmd,
	newPromptCmd,
	newLockCmd,
	newDiffCmd,
	newVerifyCmd,
	newKeygenCmd,
	newSignCmd,
	newIndexCmd,
	newHowdoiCmd,
	newReadCmd,
	newListCmd,
	newHostsCmd,
	newExportCmd,
	newEvalCmd,
	newServeCmd,
	newDocsCmd,
	newMCPCmd,
	newLSPCmd,
	newVersionCmd,
}
