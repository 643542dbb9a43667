package build

// heldCheck is the check of the output folder that the nothing-changed
// test (fastPath) began beside the scan of the inputs, under the output's
// lock. When the inputs have changed, the check goes on beside the
// build's load, the lock stays held, and the build takes both
// (takeOutputCheck): it does not check the folder a second time
// (openOutput; at 10,000 manuals, 34,000 stat calls), and no other build
// can have changed the folder since it was checked.
type heldCheck struct {
	out    string
	checks chan outputCheck
	unlock func()
}

// takeOutputCheck waits for the check of the output folder out the session
// holds, if any, and returns the lock it was made under (nil: none, the
// build takes it) and whether the check found the folder holding exactly
// the files of prev, the record the build publishes over, as recorded.
// The check is taken once: a later build checks the folder itself.
func (s *Session) takeOutputCheck(out string, prev *record) (unlock func(), held bool) {
	h := s.outCheck
	if h == nil {
		return nil, false
	}
	s.outCheck = nil
	c := <-h.checks
	if h.out != out {
		h.unlock()
		return nil, false
	}
	return h.unlock, c.ok && sameList(c.rec, prev)
}

// sameList reports whether l lists the files of r as r has them.
func sameList(l *recList, r *record) bool {
	if l == nil || r == nil || len(l.paths) != len(r.paths) || l.stamped != r.stamped {
		return false
	}
	for i, p := range l.paths {
		if e, ok := r.files[p]; !ok || e != l.entries[i] {
			return false
		}
	}
	return true
}

// dropOutputCheck waits for the check of the output the session holds,
// if any, forgets it and lets go of its lock (a build that ends before it
// opens the output).
func (s *Session) dropOutputCheck() {
	if h := s.outCheck; h != nil {
		<-h.checks
		h.unlock()
		s.outCheck = nil
	}
}
