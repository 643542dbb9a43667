package main

import (
	"fmt"

	"github.com/spf13/afero"
	"github.com/spf13/cobra"

	"github.com/lorekit/lore/internal/sign"
)

func newKeygenCmd(e *env) *cobra.Command {
	var out, comment string
	cmd := &cobra.Command{
		Use:     "keygen",
		GroupID: "build",
		Short:   "Make an ed25519 key pair for signing published output",
		Long: `Keygen makes a new ed25519 key pair in OpenSSH's format, the files
ssh-keygen -t ed25519 -N "" writes: the private key at --out (readable by
you only) and the public key at --out.pub. It never overwrites a file.

Keep the private key secret (a CI secret); commit the public key and give
it to the runtimes that load what you publish. 'lore sign --key' signs a
build with it, 'lore verify --pub' and build/bundle's VerifyManifest check
the signature with the public key, and so does ssh-keygen -Y verify. An
existing OpenSSH ed25519 key without a passphrase works as well.`,
		Example: `  lore keygen
  lore keygen --out ci/lore_ed25519 --comment "docs team CI"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			pub, err := sign.Keygen(afero.NewOsFs(), nil, out, comment)
			if err != nil {
				return failure(err)
			}
			fmt.Fprintf(e.stderr, "lore keygen: wrote %s (private: keep it secret) and %s (public: commit it, give it to runtimes)\n", out, pub)
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "lore_ed25519", "the private key file; the public key is written beside it with .pub")
	cmd.Flags().StringVar(&comment, "comment", "lore", "the comment of the public key (who signs)")
	return cmd
}
