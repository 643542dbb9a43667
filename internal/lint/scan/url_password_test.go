package scan

import "testing"

func TestURLPasswords(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // the host reported; "" for none
	}{
		{"Connect with postgres://admin:S3cr3tPassw0rd!x@db.prod.internal:5432/app", "db.prod.internal"},
		{"git clone https://deploy:Zq7yP2kM9xW4@git.corp.io/team/repo.git", "git.corp.io"},
		{"mongodb+srv://svc:AbCdEfGhIjKlMnOp1234@cluster0.mongodb.net/db", "cluster0.mongodb.net"},
		{"redis://:Kx9#mQ2$zL@10.0.3.4:6379", ""}, // $ reads as a placeholder
		{"amqp://bot:r4bb1t-S3cret@mq.internal", "mq.internal"},
		{"amqp://bot:Password123!@mq.internal", ""},   // the letters spell a placeholder
		{"amqp://bot:YourToken-2024@mq.internal", ""}, // the letters spell a placeholder
		{"amqp://bot:xxxxXXXX99@mq.internal", ""},
		{"ftp://u:p%40ssW0rd9@files.corp.io/x", "files.corp.io"},
		// Placeholders, plain passwords, examples and this machine.
		{"postgres://user:password@db.internal/app", ""},
		{"postgres://user:${DB_PASSWORD}@db.internal/app", ""},
		{"postgres://user:<password>@db.internal/app", ""},
		{"postgres://user:****@db.internal/app", ""},
		{"postgres://postgres:postgres@localhost:5432/app", ""},
		{"postgres://app:S3cr3tPassw0rd!x@localhost:5432/app", ""},
		{"postgres://app:S3cr3tPassw0rd!x@127.0.0.1/app", ""},
		{"postgresql://user:p@ssw0rdXY9@prod-db.example.com", ""},
		{"postgres://app:S3cr3tPassw0rd!x@db.test/app", ""},
		{"https://user:hunter22@site.io", ""}, // too plain
		{"https://example.org/a:b@c", ""},     // no authority: a path
		{"https://host.io:8080/x", ""},
		{"postgres://app:S3cr3tPassw0rd!x@db.internal/app # gitleaks:allow", ""},
	} {
		hits := URLPasswords([]byte(c.src))
		switch {
		case c.want == "" && len(hits) > 0:
			t.Errorf("%q: reported %v", c.src, hits)
		case c.want != "" && (len(hits) != 1 || hits[0].What != "a password in the address of "+c.want || !hits[0].Redact):
			t.Errorf("%q: got %v, want one redacted hit naming %s", c.src, hits, c.want)
		}
	}
}
