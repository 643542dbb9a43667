package build

import (
	"testing"
	"time"
)

// A record is racy while a file's time is within racyOutput of its own;
// stamped anew by a verify that found every file as recorded, it trusts
// the times of the files written well before that verify began.
func TestRecordRestamped(t *testing.T) {
	now := time.Now().UnixNano()
	r := newRecord(map[string]recEntry{
		"old.html": {mtime: now - int64(time.Minute)},
		"new.html": {mtime: now - int64(time.Second)},
	})
	r.stamped = now
	if !r.racy() {
		t.Error("a file written a second before the record is not racy")
	}
	later := r.restamped(now + int64(racyOutput) + int64(time.Second))
	if later.racy() {
		t.Error("the record stamped after the racy window is still racy")
	}
	if r.restamped(now).racy() != r.racy() || len(later.files) != 2 || later.stamped == r.stamped {
		t.Error("restamped changed more than the stamp")
	}
}
