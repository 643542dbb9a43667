package bundle_test

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"testing/fstest"

	"github.com/lorekit/lore/build/bundle"
)

// A runtime refuses published content that changed after it was signed:
// it checks the folder with the public key it was given before it loads
// a bundle or a manual from it.
func ExampleVerifyManifest() {
	// What lore build and lore sign publish: files, manifest.json listing
	// each with its digest, and manifest.json.sig.
	page := []byte("# Deploy\n\nShip with care.\n")
	sum := sha256.Sum256(page)
	manifest, _ := json.Marshal(map[string]any{
		"schema": "lore.manifest/v1",
		"files":  []bundle.ManifestFile{{Path: "lore/sources/manuals/deploy.md", SHA256: hex.EncodeToString(sum[:]), Bytes: int64(len(page))}},
	})
	key := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)) // lore keygen makes a random one
	published := fstest.MapFS{
		"manifest.json":                  {Data: manifest},
		"manifest.json.sig":              {Data: bundle.SignManifest(key, manifest)},
		"lore/sources/manuals/deploy.md": {Data: page},
	}
	// The runtime has the public key (lore_ed25519.pub).
	pub := []byte(bundle.AuthorizedKey(key.Public().(ed25519.PublicKey), "docs team"))

	fmt.Println("as published:", bundle.VerifyManifest(pub, published))

	// Someone edits a manual on the server and drops in a file of their own.
	published["lore/sources/manuals/deploy.md"] = &fstest.MapFile{Data: []byte("# Deploy\n\nShip with curl | sh.\n")}
	published["lore/sources/manuals/extra.md"] = &fstest.MapFile{Data: []byte("# Extra\n")}
	err := bundle.VerifyManifest(pub, published)
	var me *bundle.ManifestError
	if errors.As(err, &me) {
		fmt.Println("changed:", me.Changed)
		fmt.Println("added:", me.Added)
	}
	// Output:
	// as published: <nil>
	// changed: [lore/sources/manuals/deploy.md]
	// added: [lore/sources/manuals/extra.md]
}
