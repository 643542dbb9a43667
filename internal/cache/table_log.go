package cache

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io/fs"
	"os"

	"github.com/spf13/afero"
)

// A table's changes are appended to its log (the table file's name with
// logSuffix) instead of rewriting the table whole, while the log stays
// smaller than half the table file: after one edited manual at 10,000
// manuals, a few kilobytes per table instead of megabytes. Save rewrites
// the table whole (and removes the log) when the log would grow past
// that, when the table was discarded or reset, or when its log could not
// be read.
//
// Log format: records, each the length of its body (uvarint), the body,
// and the SHA-256 of the body. A body is the SHA-256 of the table file it
// applies to (the file's own last 32 bytes), then operations: logPut, a
// key, the value's length (uvarint) and the value; or logDel and a key.
// A record whose length, checksum or operations are not sound (a write
// cut short by a crash) ends the log: it and the records after it are
// not applied, and the next save rewrites the table. A record made for
// another table file (the log of a table rewritten since, whose log a
// crash kept from being removed) is not applied either.
const logSuffix = ".log"

const (
	logPut = 'P'
	logDel = 'D'
)

// errStaleLog is a log made for another table file.
var errStaleLog = errors.New("the log of an earlier table file")

// readLog applies the records of the log b of the table file whose
// SHA-256 is base to m, and returns how many bytes it applied; err says
// why the rest was not (nil: all of it was).
func readLog(b []byte, base [32]byte, m map[Key][]byte) (int, error) {
	done := 0
	for done < len(b) {
		rest := b[done:]
		n, w := binary.Uvarint(rest)
		if w <= 0 || n < 32 || n > uint64(len(rest)-w) || uint64(len(rest)-w)-n < 32 {
			return done, errors.New("truncated log record")
		}
		body := rest[w : w+int(n)]
		if s := sum(body); !bytes.Equal(s[:], rest[w+int(n):w+int(n)+32]) {
			return done, errors.New("log checksum mismatch (damaged or truncated)")
		}
		if !bytes.Equal(body[:32], base[:]) {
			return done, errStaleLog
		}
		ops, err := decodeOps(body[32:])
		if err != nil {
			return done, err
		}
		for _, op := range ops {
			if op.del {
				delete(m, op.k)
			} else {
				m[op.k] = op.v
			}
		}
		done += w + int(n) + 32
	}
	return done, nil
}

type logOp struct {
	k   Key
	v   []byte
	del bool
}

// decodeOps reads a record's operations, all or none.
func decodeOps(b []byte) ([]logOp, error) {
	var ops []logOp
	for len(b) > 0 {
		if len(b) < 33 || (b[0] != logPut && b[0] != logDel) {
			return nil, errors.New("bad log operation")
		}
		op := logOp{del: b[0] == logDel}
		copy(op.k[:], b[1:33])
		b = b[33:]
		if !op.del {
			n, w := binary.Uvarint(b)
			if w <= 0 || n > uint64(len(b)-w) {
				return nil, errors.New("bad log value length")
			}
			op.v = b[w : w+int(n) : w+int(n)]
			b = b[w+int(n):]
		}
		ops = append(ops, op)
	}
	return ops, nil
}

// appendRecord appends to dst the log record of the puts (with their
// values in m) and deletions dels, for the table file whose SHA-256 is
// base, in key order.
func appendRecord(dst []byte, base [32]byte, m map[Key][]byte, puts, dels map[Key]bool) []byte {
	body := append([]byte(nil), base[:]...)
	for _, k := range sortedKeys(puts) {
		body = append(append(body, logPut), k[:]...)
		body = binary.AppendUvarint(body, uint64(len(m[k])))
		body = append(body, m[k]...)
	}
	for _, k := range sortedKeys(dels) {
		body = append(append(body, logDel), k[:]...)
	}
	dst = binary.AppendUvarint(dst, uint64(len(body)))
	dst = append(dst, body...)
	s := sum(body)
	return append(dst, s[:]...)
}

// appendFile appends b to the file name, creating it.
func appendFile(fsys afero.Fs, name string, b []byte) error {
	f, err := fsys.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// removeLog removes the log file name, which may not exist.
func removeLog(fsys afero.Fs, name string) error {
	if err := fsys.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
