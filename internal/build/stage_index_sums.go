package build

import (
	"crypto/sha256"
	"io/fs"
	"path"
	"path/filepath"
	"sync"
	"time"

	"github.com/spf13/afero"

	"github.com/lorekit/lore/internal/cache"
)

// treeSums are the SHA-256 of the files of a catalog job's folder as they
// were last written into an output, with what stat said of them then. A
// session's catalog folder is updated in place after every edit, and
// writing it into the output read and hashed every file of it: 36 MB at
// 10,000 manuals, of which an edit changes a content shard, bleve's root
// and a small segment. A file that stat finds as it was, modified more
// than racyMargin before it was hashed, is carried over by its hash
// without being read (as the inputs are: inputs.go); the folder is this
// process's own temporary folder, written only by the job's writer.
type treeSums struct {
	mu sync.Mutex
	// stamped is when the hashes were taken (Unix nanoseconds).
	stamped int64
	files   map[string]fileStat // by path inside the folder
}

// writeTree writes every file under the folder src of from into dst of o,
// made from key, and remembers the files' hashes.
func (ts *treeSums) writeTree(from afero.Fs, src string, o *output, dst string, key cache.Key) error {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	started := time.Now()
	next := make(map[string]fileStat, len(ts.files))
	err := afero.Walk(from, src, func(p string, fi fs.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		target := path.Join(dst, rel)
		st := fileStat{size: fi.Size(), mtime: fi.ModTime().UnixNano(), ino: inode(fi), mode: uint32(fi.Mode())}
		if old, ok := ts.files[rel]; ok && old.size == st.size && old.mtime == st.mtime && old.ino == st.ino &&
			old.mode == st.mode && st.mtime < ts.stamped-int64(racyMargin) && o.Keep(target, key, old.sum) {
			st.sum = old.sum
			next[rel] = st
			return nil
		}
		b, err := afero.ReadFile(from, p)
		if err != nil {
			return err
		}
		st.sum = sha256.Sum256(b)
		next[rel] = st
		return o.writeSum(target, key, b, st.sum)
	})
	if err != nil {
		ts.files = nil // the output may hold some of the files: hash all next time
		return err
	}
	ts.files, ts.stamped = next, started.UnixNano()
	return nil
}
