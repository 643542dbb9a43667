// Package browsertest runs headless Chromium for the site's browser tests
// (chromedp). It records every request and every console error and warning
// of the pages it opens, so tests can check that nothing leaves the local
// server and nothing goes wrong in the page.
//
// Chromium is /usr/bin/chromium, or $LORE_CHROMIUM. When it is missing a
// test fails under CI=true (.ci/run installs it) and is skipped otherwise.
package browsertest

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// chromiumPath returns the Chromium binary.
func chromiumPath() string {
	if p := os.Getenv("LORE_CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// Browser is one headless Chromium with a fresh profile.
type Browser struct {
	ctx context.Context

	mu       sync.Mutex
	requests []string
	errors   []string
	warnings []string
}

// New starts Chromium for t and stops it when t ends.
func New(t *testing.T) *Browser {
	t.Helper()
	path := chromiumPath()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("browser tests need Chromium at %s (set LORE_CHROMIUM, or install it: apt-get install -y chromium): %v", path, err)
		}
		t.Skipf("no Chromium at %s: browser tests skipped (they fail under CI=true)", path)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		// Chromium leaves its singleton socket folders in TMPDIR when it
		// is stopped: keep them in a folder the test removes.
		chromedp.Env("TMPDIR=" + t.TempDir()),
		chromedp.WindowSize(1280, 900),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		cancelAlloc()
		t.Fatalf("cannot start %s: %v", path, err)
	}
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	return &Browser{ctx: ctx}
}

// Tab opens a new tab that records its requests and console errors; it
// closes when t ends. Every action in it gets at most 30 seconds.
func (b *Browser) Tab(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithListener(b.record))
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	for _, err := range []error{
		call(ctx, network.Enable, network.EnableParams{}),
		call(ctx, log.Enable, cdp.Empty{}),
		call(ctx, runtime.Enable, cdp.Empty{}),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	tctx, tcancel := context.WithTimeout(ctx, 30*time.Second)
	t.Cleanup(tcancel)
	return tctx
}

func call[P any](ctx context.Context, cmd cdp.Command[P, cdp.Empty], p P) error {
	_, err := chromedp.Call(ctx, cmd, p)
	return err
}

// record keeps requests and errors; it runs on the tab's event loop.
func (b *Browser) record(ev any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		if ev.Request != nil {
			b.requests = append(b.requests, ev.Request.URL)
		}
	case *runtime.EventConsoleAPICalled:
		var args []string
		for _, a := range ev.Args {
			args = append(args, string(a.Value)+a.Description)
		}
		msg := "console." + string(ev.Type) + ": " + strings.Join(args, " ")
		switch ev.Type {
		case runtime.ConsoleAPICalledTypeError, runtime.ConsoleAPICalledTypeAssert:
			b.errors = append(b.errors, msg)
		case runtime.ConsoleAPICalledTypeWarning:
			b.warnings = append(b.warnings, msg)
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		if d != nil {
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			b.errors = append(b.errors, fmt.Sprintf("exception: %s (%s:%d)", msg, d.URL, d.LineNumber+1))
		}
	case *log.EventEntryAdded:
		if ev.Entry == nil {
			break
		}
		msg := fmt.Sprintf("%s: %s %s", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL)
		switch ev.Entry.Level {
		case log.EntryLevelError:
			b.errors = append(b.errors, msg)
		case log.EntryLevelWarning:
			b.warnings = append(b.warnings, msg)
		}
	}
}

// Warnings returns the console warnings and warning log entries seen so
// far (a page's own console.warn, and the browser's complaints).
func (b *Browser) Warnings() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.warnings)
}

// Errors returns the console errors, exceptions and error log entries
// seen so far.
func (b *Browser) Errors() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.errors)
}

// Requests returns the URL of every request made so far.
func (b *Browser) Requests() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.requests)
}

// Foreign returns the requests that went anywhere but 127.0.0.1 (data:
// URLs stay in the page and are not counted).
func (b *Browser) Foreign() []string {
	var out []string
	for _, r := range b.Requests() {
		u, err := url.Parse(r)
		if err != nil {
			out = append(out, r)
			continue
		}
		if u.Scheme == "data" || u.Scheme == "about" {
			continue
		}
		if u.Hostname() != "127.0.0.1" {
			out = append(out, r)
		}
	}
	return out
}
