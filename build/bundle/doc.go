// Package bundle composes prompt layers into frozen bundles and checks them.
//
// It is the part of lore a runtime imports, so it uses the standard library
// only: a runtime loads a baked bundle (public/lore/bundles/<id>.json),
// verifies its digests, overlays its own user layers with the same rules the
// build used, fills the per-turn tail and compares descriptors for drift.
// Before it loads anything from a published folder, a runtime can check
// the folder's signature and every file's digest with VerifyManifest
// (lore sign signs manifest.json in OpenSSH's SSHSIG format with an
// ed25519 key; ssh-keygen -Y verify checks the same signature).
//
// The model (seeds 001 and 002 of the design):
//
//   - A Block is a named piece of prompt text with a priority. Blocks marked
//     dynamic hold per-turn values and form the tail; all others form the
//     cached prefix.
//   - A Layer is one tier of the chain seed → shared → project →
//     surface/<kind> → bot/<name> → chat/<name> → agents/<role>. Engine
//     blocks, library blocks and addon fragments belong to the seed tier.
//   - Composition per block: identity and operating-rules take the
//     narrowest layer that has them; guardrails and surface-note concatenate
//     every layer broadest first, de-duplicated item by item; every other
//     block (capability-contract, engine and library blocks) is locked to
//     the seed tier. File presence is the inheritance switch: a block a layer
//     does not have is inherited, an empty block is a deliberate nothing.
//   - An untrusted layer keeps only its guardrails; a role layer must be
//     admitted and may narrow, never widen; no layer can stop inheriting
//     guardrails.
//   - A Bundle is the rendered result in one Style (xml, fenced, inline),
//     with the sha256 of its prefix and one Descriptor per contributing
//     block, broadest first.
package bundle
