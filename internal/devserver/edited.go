package devserver

import (
	"fmt"
	"strings"

	"github.com/lorekit/lore/internal/guard"
)

// editedPages writes the pages of the edited manuals among changed ahead
// of the build (build.Session.EditedPages: only when every changed file
// is a manual the last good build published, and its findings would not
// fail the build) and tells the open ones to reload. The build that
// follows rewrites whatever else the edit changed, and reloads again.
func (s *Server) editedPages(changed []string) {
	if len(changed) == 0 {
		return
	}
	s.mu.RLock()
	good := s.site != "" && s.failure == ""
	s.mu.RUnlock()
	if !good {
		return
	}
	var pages []string
	err := guard.Do(func() error {
		var err error
		pages, err = s.sess.EditedPages(changed)
		return err
	})
	if err != nil {
		fmt.Fprintf(s.o.Log, "lore serve: the edited page was not written ahead of the build: %v\n", err)
	}
	if len(pages) > 0 {
		s.broadcast(event{"reload", strings.Join(pages, "\n")})
	}
}
