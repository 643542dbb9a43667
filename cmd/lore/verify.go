package main

import (
	"fmt"

	"github.com/spf13/afero"
	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/plural"
	"github.com/lorekit/lore/internal/sign"
)

func newVerifyCmd(e *env) *cobra.Command {
	var (
		config string
		lock   string
		pub    string
	)
	cmd := &cobra.Command{
		Use:     "verify PATH | verify --pub KEY DIR",
		GroupID: "prompt",
		Short:   "Recompute and check the digests of bundle files, or a signed output folder",
		Long: `Verify recomputes what bundle files record: the seal over every field
(fieldSha256 holds one digest per field, bundleSha256 one over them all, so
a raised budget, an emptied disabled list or a changed style is named), the
sha256, size and token count of the prefix and tail (a bundle naming a
tokenizer lore does not know is a mismatch: its counts cannot be checked),
every descriptor's digest, the id against its recipe, surface, provider and role, and the
prefix rendered again from the recorded blocks. Members a JSON reader might
apply but the seal does not cover (an unknown name, "Budget" for "budget", a
name given twice) are reported too. PATH is a bundle file, a folder of
bundles or a build output folder; for an output folder the bundle entries of
manifest.json are checked against their files too. Only regular files are
read, a bundle of at most 64 MiB and manifest.json of at most 256 MiB: a
named pipe, a device (a link to /dev/zero) or a larger file in a folder is
a mismatch of that file.

When there is a lockfile (--lock, or prompts.lock beside the project file)
every bundle is compared with its line: a bundle whose prefix, tail, budget,
disabled list or digest differs, or that the lock lacks, is a mismatch, and
so, for a folder, is a locked bundle the folder does not hold. That catches
a bundle edited and sealed again, which the file alone cannot show.

A runtime does the same with build/bundle's Verify before trusting a bundle.

With --pub KEY, DIR is a published output folder signed with 'lore sign':
the signature of manifest.json (manifest.json.sig) must be by one of the
ed25519 keys of the file KEY (a .pub, authorized_keys or allowed_signers
file), and every file of DIR must have the SHA-256 and size manifest.json
lists for it. Each problem is a line: a bad or missing signature, a file
changed after signing, a listed file that was removed, a file added that
the manifest does not list. A runtime does the same with build/bundle's
VerifyManifest.

Exit status: 0 when everything matches; 1 on a mismatch (each printed as
"file: what differs"); 2 when PATH, the --lock file or the --pub key cannot
be read, or PATH holds no bundle (no manifest.json, with --pub).`,
		Example: `  lore verify public
  lore verify --lock ../prompts.lock public/lore/bundles/arthur.chat.anthropic.json
  lore verify --pub lore_ed25519.pub public`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if pub != "" {
				if lock != "" || config != "" {
					return usageError("--pub checks a signed folder; --lock and --config compare bundles with prompts.lock: give one or the other")
				}
				return verifySigned(e, args[0], pub)
			}
			r, err := build.VerifyPath(afero.NewOsFs(), args[0], build.VerifyOptions{Lock: lock, ConfigFile: config})
			if err != nil {
				return failure(err)
			}
			for _, p := range r.Problems {
				fmt.Fprintln(e.stdout, p)
			}
			against := "no lockfile"
			if r.Lock != "" {
				against = fmt.Sprintf("%d against %s", r.LockProblems, r.Lock)
			}
			fmt.Fprintf(e.stderr, "lore verify: %s, %s (%s)\n", plural.Of(len(r.Bundles), "bundle", "bundles"), plural.Of(len(r.Problems), "mismatch", "mismatches"), against)
			if len(r.Problems) > 0 {
				return findings()
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&config, "config", "", "project file whose prompts.lock to compare with (default: lore.yaml in the current folder)")
	cmd.Flags().StringVar(&pub, "pub", "", "check the signed output folder PATH with this public key file (lore keygen's .pub)")
	cmd.Flags().StringVar(&lock, "lock", "", "the lockfile to compare with (default: prompts.lock beside the project file, when there is one)")
	return cmd
}

// verifySigned is lore verify --pub KEY DIR.
func verifySigned(e *env, dir, pub string) error {
	r, err := sign.Check(afero.NewOsFs(), dir, pub)
	if err != nil {
		return failure(err)
	}
	for _, p := range r.Problems {
		fmt.Fprintln(e.stdout, p)
	}
	if len(r.Problems) > 0 {
		fmt.Fprintf(e.stderr, "lore verify: %s does not match its signed manifest (%s)\n", dir, plural.Of(len(r.Problems), "problem", "problems"))
		return findings()
	}
	fmt.Fprintf(e.stderr, "lore verify: %s: the signature of manifest.json is valid and all %s match it\n", dir, plural.Of(r.Files, "file", "files"))
	return nil
}
