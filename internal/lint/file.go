package lint

import (
	"github.com/lorekit/lore/internal/diag"
	"github.com/lorekit/lore/internal/manual"
)

// Rules for files that cannot be read or parsed as manuals.

var fileUnreadable = problemRule(manual.RuleFileUnreadable, diag.Error,
	"a file or folder cannot be read",
	"lore reports files it cannot open (permissions, broken symbolic links, I/O errors) instead of skipping them silently: "+
		"a manual that cannot be read cannot be routed to. Fix the permissions or remove the file.")

var fileEncoding = problemRule(manual.RuleFileEncoding, diag.Error,
	"a file is not valid UTF-8 or contains NUL bytes",
	"Manuals are UTF-8 text. A UTF-16 file (known by its byte-order mark, or by the zero byte beside every ASCII character) is named as "+
		"such and skipped; any other NUL byte means the file is binary (it is skipped too); invalid UTF-8 is reported at its first position. "+
		"Re-save the file as UTF-8.")

var fileTooLarge = problemRule(manual.RuleFileTooLarge, diag.Error,
	"a file over 2 MiB",
	"A manual is a page an agent loads into its context, not a book. Files over 2 MiB are not parsed at all; split the content.")

var fileTooComplex = problemRule(manual.RuleFileTooComplex, diag.Error,
	"a file whose structure would stall the Markdown parser or fill the memory",
	"Some structures make Markdown parsers work for a time that grows with the square of their size: block quotes or list items nested "+
		"more than 100 levels deep, on one line (`> > - x`) or by indentation (a list item inside a list item, one level a line), thousands of unclosed link destinations (`[a](`) in one run of text, "+
		"more than 5,000 link reference definitions in one paragraph, more than 1,000 footnotes. A file of a few "+
		"hundred kilobytes of them would stall the build for hours, so lore reports the line and does not parse the body. "+
		"Others make the parsed tree a hundred times the size of the file: a body of more than 100,000 Markdown elements (blocks, table cells, runs of text, emphasis, links; "+
		"the largest manual of a corpus of 680 real ones has 11,000) is reported at the line where it passes that number and not kept, so a project of such files does not take gigabytes; "+
		"a table counts as its head's width times its rows, since the parser fills every row to that width, and is refused before it is parsed "+
		"(20,000 columns over 1,600 rows of `|x|`, 80 KB, made 32 million cells). In a paragraph, heading or table cell, the emphasis and "+
		"strikethrough markers (`*`, `_`, `~`) after the first 500 runs are read as text: the parser looks for each closing run's opener "+
		"through every run before it. "+
		"No manual needs them. The pages of content/ are held to the same limits: there such a page stops the build, naming its line. "+
		"A file on which a parser (goldmark, goldmark-meta, yaml.v3) fails outright is reported under this rule too, and not loaded.")

var fileSymlinkLoop = problemRule(manual.RuleFileSymlinkLoop, diag.Warning,
	"a symbolic link leads back into a folder above it",
	"lore follows symbolic links to files and folders, but never into a loop: a link that leads back into one of its own parent folders "+
		"is reported and not followed.")

var fileName = problemRule(manual.RuleFileName, diag.Error,
	"a file name is not a valid manual name",
	"A manual's name is its file name without extension and must match `[A-Za-z0-9][A-Za-z0-9._-]*`, so that `manual_read('name')` can be "+
		"written without quoting or escaping, and must not be a device name of Windows (CON, PRN, AUX, NUL, COM0-9, LPT0-9, in any case, "+
		"whatever follows the first dot), which no checkout there can create. Rename the file.")

var lintUnknownRule = &Rule{
	ID: "lint/unknown-rule", Severity: diag.Warning,
	Summary: "a disable comment names a rule that does not exist",
	Doc: "`<!-- lore-disable RULE -->`, `lore-disable-next-line` and `lore-disable-file` take rule ids (or `group/*`). A misspelt id silences " +
		"nothing, so it is reported with the closest existing id.",
}
