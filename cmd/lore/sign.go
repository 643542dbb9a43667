package main

import (
	"fmt"

	"github.com/spf13/afero"
	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/build"
	"github.com/lorekit/lore/internal/sign"
)

func newSignCmd(e *env) *cobra.Command {
	var (
		pf  projectFlags
		key string
	)
	cmd := &cobra.Command{
		Use:     "sign --key FILE [DIR]",
		GroupID: "build",
		Short:   "Sign a published output folder (manifest.json)",
		Long: `Sign signs the output folder DIR (default: the project's, public/) that
lore build wrote. It adds to DIR/manifest.json the files list: every other
file of the folder with its SHA-256 and size — pages, bundles, task
templates, the manuals' Markdown under lore/sources/, the catalog's files —
and writes DIR/manifest.json.sig, an OpenSSH signature (ssh-keygen -Y
sign's SSHSIG format, namespace lore-manifest) of that manifest with the
ed25519 private key FILE (lore keygen, or ssh-keygen -t ed25519 without a
passphrase). The signature thus covers all of what was published.

The build's manifest has no files list because the catalog's index is not
byte-for-byte reproducible while manifest.json is: the signature is over
the files as published, not over any rebuild of the same input. Before it
signs, Sign checks what the build recorded against the files (each
manual's source, each bundle's seal and digest) and refuses a folder
changed since the build. A later 'lore build' into the folder drops the
signature: sign again after every build you publish.

Check a signed folder with 'lore verify --pub KEY.pub DIR', in a runtime
with build/bundle's VerifyManifest, or with OpenSSH:

  echo "lore $(cat KEY.pub)" > allowed_signers
  ssh-keygen -Y verify -f allowed_signers -I lore -n lore-manifest \
    -s DIR/manifest.json.sig < DIR/manifest.json

A key with a passphrase: sign with ssh-keygen -Y sign -n lore-manifest -f
KEY DIR/manifest.json, which writes the same file.

Exit status: 0 when signed; 2 when the key or the folder cannot be read,
or the folder does not match its manifest.`,
		Example: `  lore build && lore sign --key ~/.ssh/lore_ed25519
  lore sign --key "$RUNNER_TEMP/key" public`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if key == "" {
				return usageError("sign needs --key FILE: the private key (make one with 'lore keygen')")
			}
			fsys := afero.NewOsFs()
			dir := ""
			if len(args) == 1 {
				dir = args[0]
			} else {
				var err error
				if dir, err = build.OutDir(pf.options()); err != nil {
					return failure(err)
				}
			}
			k, err := sign.ReadPrivateKey(fsys, key)
			if err != nil {
				return failure(err)
			}
			s, err := sign.Dir(fsys, dir, k)
			if err != nil {
				return failure(err)
			}
			fmt.Fprintf(e.stderr, "lore sign: wrote %s (manifest.json and %d files, key %s)\n", s.Signature, s.Files, s.Key)
			return nil
		},
	}
	pf.register(cmd, false)
	cmd.Flags().StringVar(&key, "key", "", "the ed25519 private key (OpenSSH format, no passphrase)")
	return cmd
}
