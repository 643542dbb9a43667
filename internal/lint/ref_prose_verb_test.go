package lint

import "testing"

// TestNamesVerbCoversTheExpression: every line proseReference matches
// passes namesVerb, the filter run before it, including the verbs spelt
// with the non-ASCII letters that fold to theirs; lines without any verb
// do not.
func TestNamesVerbCoversTheExpression(t *testing.T) {
	matching := []string{
		"For embedding, see the Embedding manual.",
		"SEE THE IMAGE MANUAL",
		"Please consult the deploy handbook manual first.",
		"check the billing manuals",
		"Read the release manual.",
		"refer to the security manual",
		"Look at the queue manual, then look in the cache manual.",
		"Siehe das Deployment Handbuch.",
		"Lies die Anleitung.",
		"Schau ins Handbuch.",
		"Xſee the scheduler manual", // ſ folds to s (\b needs a word letter before it)
		"checK the image manual",    // the Kelvin sign folds to k
		"looK at the manual",
		"conſult the manual",
	}
	for _, l := range matching {
		if !proseReference.MatchString(l) {
			t.Fatalf("the expression does not match %q: the test's example is wrong", l)
		}
		if !namesVerb([]byte(l)) {
			t.Errorf("namesVerb(%q) = false, but the expression matches it", l)
		}
	}
	for _, l := range []string{
		"This manual shows how.",
		"The details are in the Anleitung below.",
		"Handbücher für alles.",
	} {
		if proseReference.MatchString(l) || namesVerb([]byte(l)) {
			t.Errorf("%q: no verb, yet the expression matches %v or namesVerb says so", l, proseReference.MatchString(l))
		}
	}
	// Every tail of the examples agrees too: the filter never drops a
	// line the expression would match.
	for _, l := range matching {
		for i := range len(l) {
			if s := l[i:]; proseReference.MatchString(s) && !namesVerb([]byte(s)) {
				t.Errorf("namesVerb(%q) = false, but the expression matches it", s)
			}
		}
	}
}
