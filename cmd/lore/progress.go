package main

import (
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"
)

// progress shows a build's progress on one terminal line of w: the stage
// and, for a stage with counts, how far it is ("lint… render
// 4,210/10,000"). Counts are redrawn at most every interval, and always
// when a stage completes.
type progress struct {
	w        io.Writer
	interval time.Duration
	now      func() time.Time

	mu    sync.Mutex
	stage string
	count string
	drawn time.Time
	shown bool
}

func newProgress(w io.Writer) *progress {
	return &progress{w: w, interval: 100 * time.Millisecond, now: time.Now}
}

// Stage starts a stage.
func (p *progress) Stage(stage string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stage = stage
	p.draw()
}

// Count reports done of total for stage.
func (p *progress) Count(stage string, done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if done < total && p.now().Sub(p.drawn) < p.interval {
		return
	}
	p.count = fmt.Sprintf("%s %s/%s", stage, thousands(done), thousands(total))
	if done >= total {
		p.count = ""
	}
	p.draw()
}

// Clear removes the line.
func (p *progress) Clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

func (p *progress) draw() {
	line := p.stage + "…"
	if p.count != "" {
		line += " " + p.count
	}
	fmt.Fprintf(p.w, "\r\033[K%s", line)
	p.drawn, p.shown = p.now(), true
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	var b []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	if neg {
		return "-" + string(b)
	}
	return string(b)
}
