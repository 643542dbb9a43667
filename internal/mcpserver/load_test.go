package mcpserver

import (
	"context"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// httpClient opens a client session of the streamable HTTP transport at
// url.
func httpClient(tb testing.TB, url string) *mcp.ClientSession {
	c := mcp.NewClient(&mcp.Implementation{Name: "load", Version: "v0"}, nil)
	cs, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url, DisableStandaloneSSE: true}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return cs
}

// howDoI calls how_do_i and fails on an error or a tool error.
func howDoI(tb testing.TB, cs *mcp.ClientSession, intent string) {
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "how_do_i", Arguments: map[string]any{"intent": intent}})
	switch {
	case err != nil:
		tb.Errorf("how_do_i(%q): %v", intent, err)
	case res.IsError:
		tb.Errorf("how_do_i(%q): tool error %v", intent, res.Content)
	}
}

// TestHTTPConcurrentSessions calls how_do_i from several sessions at once
// over streamable HTTP: every call is answered and reaches the router.
func TestHTTPConcurrentSessions(t *testing.T) {
	s, rs := newServer(t, builtProject(t), Options{Engine: "arthur"})
	ts := httptest.NewServer(s.Handler(""))
	defer ts.Close()
	const clients, calls = 8, 5
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			cs := httpClient(t, ts.URL+Path)
			defer cs.Close()
			for i := range calls {
				howDoI(t, cs, []string{"show an image", "create a document", "order a pizza", "Bild zeigen"}[i%4])
			}
		})
	}
	wg.Wait()
	if got := rs.opened[0].calls.Load(); got != clients*calls {
		t.Errorf("the router was asked %d times, want %d", got, clients*calls)
	}
}

// benchHowDoI measures one how_do_i round trip over streamable HTTP on
// loopback from parallel sessions, cycling through intents, and reports
// the latency percentiles besides ns/op (which is throughput under
// GOMAXPROCS parallel clients).
func benchHowDoI(b *testing.B, s *Server, intents []string) {
	ts := httptest.NewServer(s.Handler(""))
	defer ts.Close()
	var (
		mu        sync.Mutex
		latencies []time.Duration
	)
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		cs := httpClient(b, ts.URL+Path)
		defer cs.Close()
		var mine []time.Duration
		for i := 0; pb.Next(); i++ {
			start := time.Now()
			howDoI(b, cs, intents[i%len(intents)])
			mine = append(mine, time.Since(start))
		}
		mu.Lock()
		latencies = append(latencies, mine...)
		mu.Unlock()
	})
	b.StopTimer()
	if len(latencies) == 0 {
		return
	}
	slices.Sort(latencies)
	at := func(p float64) float64 { return float64(latencies[int(float64(len(latencies)-1)*p)].Microseconds()) }
	b.ReportMetric(at(0.50), "p50-µs")
	b.ReportMetric(at(0.99), "p99-µs")
}

// BenchmarkHTTPHowDoI measures the server and transport with the test
// router (no catalog).
func BenchmarkHTTPHowDoI(b *testing.B) {
	s, _ := newServer(b, builtProject(b), Options{Engine: "arthur"})
	benchHowDoI(b, s, []string{"show an image", "create a document", "order a pizza", "Bild zeigen"})
}

// BenchmarkHTTPHowDoICatalog measures how_do_i with the real catalog of
// the example project over the labelled intents of its eval set.
func BenchmarkHTTPHowDoICatalog(b *testing.B) {
	s := exampleProject(b, Options{Engine: "arthur"})
	benchHowDoI(b, s, evalIntents(b))
}
