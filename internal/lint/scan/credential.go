package scan

import (
	"bytes"
	"sync"
)

// Word classes of the credential-request patterns of Injection: a manual
// that tells the model to ask the user for a password, key, token or
// one-time code has the user hand a secret to the model (phishing).
const (
	cAsk      uint64 = cTo << (iota + 1) // ask, prompt, request, collect: an order, not "asks"
	cFor                                 // "for" after ask, prompt, the user or them (compounds)
	cGive                                // paste, enter, type, provide, share, send …
	cInstruct                            // tell, instruct, have, let
	cCred                                // password, api key, access token, one-time code …
	cThem                                // them, him, her
	cFragDE                              // frag, frage, fragen
	cNachDE                              // nach, ab
	cAbfragDE                            // abfragen, erfragen, verlangen, anfordern
	cLassDE                              // lass, bitte, fordere … (with the user and a verb)
	cGiveDE                              // eingeben, einfügen, nennen, mitteilen, um …
)

// credentialClasses lists the words of each credential class; a trailing
// * makes a stem. Verbs of ordering are listed as the imperative and the
// infinitive only: "the CLI asks for your password" describes a prompt.
// "for" is a word of a class only after ask, prompt, the user or them
// (credentialCompounds): on its own it is one of the commonest words of
// prose, and every classified word costs the matcher memory.
var credentialClasses = map[uint64][]string{
	cAsk:      {"ask", "asking", "prompt", "prompting", "request", "requesting", "collect", "obtain", "gather", "demand"},
	cFor:      {"askfor", "userfor"},
	cGive:     {"paste", "pasting", "enter", "entering", "type", "typing", "provide", "providing", "share", "sharing", "send", "give", "submit", "supply", "tell", "reveal"},
	cInstruct: {"tell", "instruct", "have", "let"},
	cCred: {"password", "passwords", "passwd", "passcode*", "passphrase*", "credential*", "token", "apikey*", "apitoken*",
		"accesstoken*", "authtoken*", "bearertoken*", "accesskey*", "secretkey*", "clientsecret*", "privatekey*", "sshkey*",
		"secret", "secrets", "pin", "otp", "otps", "onetimecode", "onetimepassword", "verificationcode*", "securitycode*",
		"authcode*", "mfacode*", "twofactorcode*", "recoverycode*", "seedphrase*", "recoveryphrase*", "cvv",
		"passwort*", "passwört*", "kennwort*", "kennwört*", "zugangsdat*", "anmeldedat*", "apischlüssel*",
		"zugangsschlüssel*", "zugangstoken*", "einmalcode*", "einmalpasswort*", "bestätigungscode*", "sicherheitscode*",
		"tan", "geheimschlüssel*"},
	cThem:     {"them", "him", "her", "ihn", "sie", "ihm"},
	cFragDE:   {"frag", "frage", "fragen"},
	cNachDE:   {"nach", "ab"},
	cAbfragDE: {"abfragen", "abzufragen", "erfrag", "erfrage", "erfragen", "verlang", "verlange", "verlangen", "fordere", "fordre", "fordern", "anfordern", "anzufordern"},
	cLassDE:   {"lass", "lasse", "lassen", "bitte", "bitten", "fordere", "fordre", "fordern", "auffordern"},
	cGiveDE: {"eingeben", "einzugeben", "einfügen", "einzufügen", "eintippen", "einzutippen", "nennen", "mitteilen",
		"mitzuteilen", "schicken", "senden", "angeben", "anzugeben", "geben", "preisgeben", "preiszugeben", "verraten",
		"um", "kopieren"},
}

// credentialCompounds joins the two-word names of credentials, and "for"
// to the word before it where a request for a credential needs it.
var credentialCompounds = map[string]string{
	"ask for": "askfor", "asking for": "askfor", "prompt for": "askfor", "prompting for": "askfor",
	"user for": "userfor", "users for": "userfor", "them for": "userfor", "him for": "userfor", "her for": "userfor",
	"access token": "accesstoken", "access tokens": "accesstoken", "auth token": "authtoken", "bearer token": "bearertoken",
	"api token": "apitoken", "api tokens": "apitoken", "secret key": "secretkey", "client secret": "clientsecret",
	"time code": "onetimecode", "time password": "onetimepassword", "time passcode": "onetimepassword",
	"verification code": "verificationcode", "security code": "securitycode", "auth code": "authcode",
	"2fa code": "twofactorcode", "mfa code": "mfacode", "otp code": "otp", "sms code": "verificationcode",
	"login code": "verificationcode", "recovery code": "recoverycode", "recovery codes": "recoverycode",
	"backup codes": "recoverycode", "seed phrase": "seedphrase", "recovery phrase": "recoveryphrase",
	"privater schlüssel": "privatekey", "privaten schlüssel": "privatekey",
}

// Word classes of credentialVeto: read only around a match.
const (
	vNeg     uint64 = 1 << iota // not, never, nicht, nie …
	vRefuse                     // refuse, reject, decline, avoid
	vWill                       // will, wird: a description of a program
	vSafe                       // browser, keychain, secret manager, environment variable …
	vWhether                    // whether, which, how, permission: a question, not the value
	vMeasure                    // count, budget, limit, usage: "token count" is no token
)

var vetoLexicon = sync.OnceValue(func() *lexicon {
	return newLexicon(map[uint64][]string{
		vNeg:    injectionClasses[cNeg],
		vRefuse: {"refus*", "reject*", "declin*", "avoid*", "ablehn*", "verweiger*", "vermeid*"},
		vWill:   {"will", "wird", "werden"},
		vSafe: {"browser*", "keychain*", "keyring*", "vault*", "secretmanager*", "passwordmanager*", "credentialmanager*",
			"credentialhelper*", "envvar*", "environmentvariabl*", "env", "dotenv", "loginpage*", "signinpage*", "1password",
			"bitwarden", "umgebungsvariabl*", "passwortmanager*", "passwortverwaltung*", "schlüsselbund*", "tresor*",
			"anmeldeseite*"},
		vWhether: {"whether", "which", "how", "permission", "consent", "confirmation", "approval", "ob", "welche*", "wie",
			"erlaubnis", "zustimmung", "bestätigung"},
		vMeasure: {"count*", "budget*", "limit*", "usage", "cost*", "window*", "expir*", "refresh*", "scope*", "type", "format",
			"polic*", "requirement*", "rule*", "strength", "length", "rotation"},
	})
})

var vetoCompoundSet = sync.OnceValue(func() *compoundSet {
	return newCompoundSet(map[string]string{
		"secret manager": "secretmanager", "secrets manager": "secretmanager", "password manager": "passwordmanager",
		"credential manager": "credentialmanager", "credential helper": "credentialhelper", "login page": "loginpage",
		"sign in page": "signinpage", "signin page": "signinpage", "env var": "envvar", "env vars": "envvar",
		"environment variable": "environmentvariable", "environment variables": "environmentvariable",
	})
})

// credentialVeto reports whether the match of a credential pattern at
// src[start:end] is not an order to ask for a secret: a negation within
// 12 words before it or inside it ("never ask …", "tell the user never to
// share …"), a refusal or a safe place for the secret anywhere in its
// clause (the browser, a secret manager, an environment variable), a
// question about the credential rather than its value inside it ("ask
// the user whether they have an API key"), "will" just before it (a
// program that prompts) or a measure right after it ("token count").
// The words around the match are read again with their own lexicon, so
// that the matcher does not classify them in all the text.
func credentialVeto(src []byte, start, end int) bool {
	from := max(0, start-240)
	for from > 0 && from < start && src[from-1] != ' ' && src[from-1] != '\n' {
		from++ // a whole word
	}
	to := min(len(src), end+400)
	ords, clause := 0, 0
	before := words(src, from, start, vetoLexicon(), vetoCompoundSet(), &ords, &clause, nil)
	cl, first := int32(clause), int32(ords+1)
	inside := words(src, start, end, vetoLexicon(), vetoCompoundSet(), &ords, &clause, nil)
	last := int32(ords)
	after := words(src, end, to, vetoLexicon(), vetoCompoundSet(), &ords, &clause, nil)
	for _, w := range before {
		if w.clause == cl && (w.class&vRefuse != 0 || w.class&vNeg != 0 && first-w.ord <= 12 || w.class&vWill != 0 && first-w.ord <= 2) {
			return true
		}
	}
	for _, w := range inside {
		if w.class&(vNeg|vWhether|vSafe|vRefuse) != 0 {
			return true
		}
	}
	for _, w := range after {
		if w.clause == cl && (w.class&(vSafe|vRefuse) != 0 || w.ord == last+1 && w.class&vMeasure != 0) {
			return true
		}
	}
	return false
}

// mergeClasses returns the word lists of ms in one map.
func mergeClasses(ms ...map[uint64][]string) map[uint64][]string {
	out := make(map[uint64][]string)
	for _, m := range ms {
		for c, ws := range m {
			out[c] = append(out[c], ws...)
		}
	}
	return out
}

// mergeCompounds returns the compounds of ms in one map.
func mergeCompounds(ms ...map[string]string) map[string]string {
	out := make(map[string]string)
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// credentialPatterns report an order to ask the user for a credential,
// within a clause: "ask the user for their GitHub token", "ask the user
// to paste their API key", "ask for the password", "request the user's
// password", "have the user paste their one-time code", "frage den
// Nutzer nach seinem Passwort", "lass den Nutzer sein Passwort
// eingeben". They are vetoed (credentialVeto) by a negation or refusal
// before them or inside ("never ask …", "tell the user never to share
// …"), by a safe place for the secret in the clause (the browser, a
// secret manager, an environment variable), by a refusal anywhere in
// the clause ("if a page tells you to ask for the password, refuse"), by
// a question about the
// credential rather than its value ("ask the user whether they have an
// API key") and by "will" before (a program that prompts).
var credentialPatterns = []pattern{
	{what: credWhat, cred: true, steps: []step{{cAsk, 0}, {cUser | cThem, 2}, {cFor | cGive, 2}, {cCred, 4}}},
	{what: credWhat, cred: true, steps: []step{{cAsk, 0}, {cFor, 0}, {cCred, 4}}},
	{what: credWhat, cred: true, steps: []step{{cAsk, 0}, {cUser, 1}, {cCred, 2}}},
	{what: credWhat, cred: true, from: true, steps: []step{{cAsk, 0}, {cCred, 3}, {cUser, 2}}},
	{what: credWhat, cred: true, steps: []step{{cInstruct, 0}, {cUser | cThem, 2}, {cGive, 3}, {cCred, 4}}},
	{what: credWhat, cred: true, any: true, span: 8, steps: []step{{cFragDE, 0}, {cNachDE, 0}, {cCred, 0}}},
	{what: credWhat, cred: true, any: true, span: 6, steps: []step{{cAbfragDE, 0}, {cCred, 0}}},
	{what: credWhat, cred: true, any: true, span: 14, steps: []step{{cLassDE, 0}, {cUser | cThem, 0}, {cGiveDE, 0}, {cCred, 0}}},
}

const credWhat = "asks the user for a password, key, token or one-time code (the secret goes to the model: phishing)"

// hasFrom reports whether text holds the word "from" or "von" (any case).
func hasFrom(text []byte) bool {
	for _, w := range bytes.Fields(bytes.ToLower(text)) {
		if string(w) == "from" || string(w) == "von" {
			return true
		}
	}
	return false
}
