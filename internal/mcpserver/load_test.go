package mcpserver

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// loadCalls is how many how_do_i calls TestHTTPLoad makes: 500 by default,
// LORE_MCP_LOAD_CALLS for the full run (e.g. 20000).
func loadCalls(t *testing.T) int {
	if v := os.Getenv("LORE_MCP_LOAD_CALLS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			t.Fatalf("LORE_MCP_LOAD_CALLS=%q: want a positive number", v)
		}
		return n
	}
	return 500
}

// loadClients is how many clients call at once.
const loadClients = 8

// runLoad makes calls how_do_i calls from loadClients concurrent sessions
// of the streamable HTTP transport at url, and returns every latency.
func runLoad(t *testing.T, url string, calls int, intents []string) []time.Duration {
	t.Helper()
	ctx := context.Background()
	var (
		next      atomic.Int64
		mu        sync.Mutex
		latencies = make([]time.Duration, 0, calls)
		errs      = make(chan error, loadClients)
		wg        sync.WaitGroup
	)
	for range loadClients {
		wg.Go(func() {
			c := mcp.NewClient(&mcp.Implementation{Name: "load", Version: "v0"}, nil)
			cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, DisableStandaloneSSE: true}, nil)
			if err != nil {
				errs <- err
				return
			}
			defer cs.Close()
			mine := make([]time.Duration, 0, calls/loadClients+1)
			defer func() { mu.Lock(); latencies = append(latencies, mine...); mu.Unlock() }()
			for {
				i := next.Add(1) - 1
				if i >= int64(calls) {
					return
				}
				start := time.Now()
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "how_do_i", Arguments: map[string]any{"intent": intents[int(i)%len(intents)]}})
				mine = append(mine, time.Since(start))
				if err != nil {
					errs <- fmt.Errorf("call %d: %v", i, err)
					return
				}
				if res.IsError {
					errs <- fmt.Errorf("call %d: tool error %v", i, res.Content)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	return latencies
}

// percentile returns the p-th percentile (0–100) of sorted ds.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	i := int(float64(len(ds)-1) * p / 100)
	return ds[i]
}

func report(t *testing.T, what string, ds []time.Duration, total time.Duration) {
	slices.Sort(ds)
	t.Logf("%s: %d how_do_i calls from %d clients in %s (%.0f calls/s): p50 %s, p99 %s, max %s",
		what, len(ds), loadClients, total.Round(time.Millisecond), float64(len(ds))/total.Seconds(),
		percentile(ds, 50).Round(time.Microsecond), percentile(ds, 99).Round(time.Microsecond), ds[len(ds)-1].Round(time.Microsecond))
}

// TestHTTPLoad drives how_do_i over streamable HTTP on loopback with the
// test router: it measures the server and transport, not the catalog.
func TestHTTPLoad(t *testing.T) {
	s, rs := newServer(t, builtProject(t), Options{Engine: "arthur"})
	ts := httptest.NewServer(s.Handler(""))
	defer ts.Close()
	calls := loadCalls(t)
	start := time.Now()
	ds := runLoad(t, ts.URL+Path, calls, []string{"show an image", "create a document", "order a pizza", "Bild zeigen"})
	total := time.Since(start)
	if len(ds) != calls || rs.opened[0].calls.Load() != int64(calls) {
		t.Fatalf("%d calls answered, router asked %d times, want %d", len(ds), rs.opened[0].calls.Load(), calls)
	}
	report(t, "test router", ds, total)
}

// BenchmarkHTTPHowDoI measures one how_do_i round trip over streamable
// HTTP on loopback, from parallel sessions, with the test router.
func BenchmarkHTTPHowDoI(b *testing.B) {
	s, _ := newServer(b, builtProject(b), Options{Engine: "arthur"})
	ts := httptest.NewServer(s.Handler(""))
	defer ts.Close()
	ctx := context.Background()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		c := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "v0"}, nil)
		cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: ts.URL + Path, DisableStandaloneSSE: true}, nil)
		if err != nil {
			b.Error(err)
			return
		}
		defer cs.Close()
		for pb.Next() {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "how_do_i", Arguments: map[string]any{"intent": "show an image"}})
			if err != nil || res.IsError {
				b.Errorf("how_do_i: %v %v", err, res)
				return
			}
		}
	})
}
