package bench

// TestServerCPU measures the CPU time the generated server spends per
// request over loopback, against a bare net/http handler, both running in a
// child process (this test binary re-executed) so that the client's CPU
// time is not counted: the child answers GET /cpu with its own getrusage
// (user+sys) and allocation counters, read before and after every
// measurement.
//
//	go test -run TestServerCPU -servercpu -rounds 11 -v .       (make servercpu)
//	go test -run TestServerCPU -servercpu -rounds 3 -servercpuprofile /tmp/server.pprof -v .
//	go tool pprof -top /tmp/server.pprof                         (the generated child's profile; the bare one's in /tmp/server.pprof.bare)
//
// Before/after a change, in one run: build the test binary of the older
// commit (with this file) and pass it with -servercpuother; its generated
// server gets a column of its own.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

var (
	serverCPU        = flag.Bool("servercpu", false, "run TestServerCPU: server CPU time per request, generated vs bare handler, in child processes")
	serverCPUTime    = flag.Duration("servercputime", 300*time.Millisecond, "TestServerCPU: wall time per measurement")
	serverCPUCases   = flag.String("servercpucases", "", "TestServerCPU: only the cases whose name contains this")
	serverCPUProfile = flag.String("servercpuprofile", "", "TestServerCPU: write a CPU profile of the generated server's child process to this file (the bare handler's to file.bare)")
	serverCPUOther   = flag.String("servercpuother", "", "TestServerCPU: another build of this test binary (go test -c at an older commit): its generated server is measured too, as \"other\"")
)

// Environment of a child: which handler it serves, and where its CPU
// profile goes.
const (
	serverCPUChildEnv   = "APIGEN_SERVERCPU_CHILD" // "generated" or "bare"
	serverCPUProfileEnv = "APIGEN_SERVERCPU_PROFILE"
	serverCPUCaseHeader = "X-Bench-Case" // tells the bare handler which response to write
)

// serverCPUCase is one request shape of the table.
type serverCPUCase struct {
	name string
	serverBenchCase
}

func serverCPUAllCases() []serverCPUCase {
	var out []serverCPUCase
	names := map[string]string{"json": "JSON sendMessage", "urlencoded": "urlencoded sendMessage", "multipart": "multipart sendDocument 4 KiB"}
	for _, c := range serverBenchCases() {
		out = append(out, serverCPUCase{names[c.name], c})
	}
	for _, s := range []struct {
		name string
		n    int
	}{{"multipart sendPhoto 64 KiB", 64 << 10}, {"multipart sendPhoto 1 MiB", 1 << 20}} {
		ct, body := serverUploadBody(s.n)
		out = append(out, serverCPUCase{s.name, serverBenchCase{"upload", "sendPhoto", ct, body}})
	}
	return out
}

// serverCPUUsage is what a child's /cpu answers.
type serverCPUUsage struct {
	CPUNs  int64  `json:"cpu_ns"`
	Bytes  uint64 `json:"bytes"`
	Allocs uint64 `json:"allocs"`
}

// TestServerCPUChild is the child process: it serves the generated server
// or the bare handler on 127.0.0.1, prints its address, and exits when its
// standard input closes (the parent ended).
func TestServerCPUChild(t *testing.T) {
	kind := os.Getenv(serverCPUChildEnv)
	if kind == "" {
		t.Skip("the child of TestServerCPU")
	}
	gen := botapiserver.NewServer(serverBenchSvc{}, botapiserver.WithTokens(serverBenchToken))
	var h http.Handler = gen
	if kind == "bare" {
		h = serverCPUBare(gen)
	}
	mux := http.NewServeMux()
	mux.Handle("/", h)
	mux.HandleFunc("GET /cpu", func(w http.ResponseWriter, r *http.Request) {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		json.NewEncoder(w).Encode(serverCPUUsage{CPUNs: cpuTime().Nanoseconds(), Bytes: ms.TotalAlloc, Allocs: ms.Mallocs})
	})
	if path := os.Getenv(serverCPUProfileEnv); path != "" {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		defer pprof.StopCPUProfile()
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	fmt.Printf("listening %s\n", ln.Addr())
	io.Copy(io.Discard, os.Stdin)
	srv.Close()
}

// serverCPUBare is the bare handler: it reads the body and writes the
// generated server's response to the same request (named by the
// X-Bench-Case header), computed once.
func serverCPUBare(gen http.Handler) http.Handler {
	resp := map[string][]byte{}
	for _, c := range serverCPUAllCases() {
		resp[c.name] = serverResponse(gen, c.serverBenchCase)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Write(resp[r.Header.Get(serverCPUCaseHeader)])
	})
}

// serverCPUChild is a running child and a keep-alive client to it.
type serverCPUChild struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	base   string
	client *http.Client
}

func startServerCPUChild(t *testing.T, binary, kind, profile string) *serverCPUChild {
	cmd := exec.Command(binary, "-test.run=^TestServerCPUChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), serverCPUChildEnv+"="+kind)
	if profile != "" {
		cmd.Env = append(cmd.Env, serverCPUProfileEnv+"="+profile)
	}
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	var addr string
	for sc.Scan() {
		if a, ok := strings.CutPrefix(sc.Text(), "listening "); ok {
			addr = a
			break
		}
	}
	if addr == "" {
		t.Fatalf("child %s did not start", kind)
	}
	go io.Copy(io.Discard, stdout)
	tr := &http.Transport{MaxIdleConnsPerHost: 2, DisableCompression: true}
	return &serverCPUChild{cmd: cmd, stdin: stdin, base: "http://" + addr, client: &http.Client{Transport: tr}}
}

// stop closes the child's standard input and waits for it (it writes its
// profile on the way out).
func (c *serverCPUChild) stop() {
	c.stdin.Close()
	c.cmd.Wait()
}

func (c *serverCPUChild) usage(t *testing.T) serverCPUUsage {
	res, err := c.client.Get(c.base + "/cpu")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var u serverCPUUsage
	if err := json.NewDecoder(res.Body).Decode(&u); err != nil {
		t.Fatal(err)
	}
	return u
}

// send posts one request of case c and checks the answer.
func (c *serverCPUChild) send(t *testing.T, sc serverCPUCase) {
	req, err := http.NewRequest("POST", c.base+"/bot"+serverBenchToken+"/"+sc.method, bytes.NewReader(sc.body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", sc.ct)
	req.Header.Set(serverCPUCaseHeader, sc.name)
	res, err := c.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("%s: %s", sc.name, res.Status)
	}
}

// serverCPUSample is one measurement: the child's CPU time and
// allocations per request, and the wall time per request.
type serverCPUSample struct {
	cpuNs, wallNs float64
	bytes, allocs float64
}

func (c *serverCPUChild) measure(t *testing.T, sc serverCPUCase, n int) serverCPUSample {
	u0, w0 := c.usage(t), time.Now()
	for i := 0; i < n; i++ {
		c.send(t, sc)
	}
	wall := time.Since(w0)
	u1 := c.usage(t)
	return serverCPUSample{
		cpuNs:  float64(u1.CPUNs-u0.CPUNs) / float64(n),
		wallNs: float64(wall.Nanoseconds()) / float64(n),
		bytes:  float64(u1.Bytes-u0.Bytes) / float64(n),
		allocs: float64(u1.Allocs-u0.Allocs) / float64(n),
	}
}

// TestServerCPU runs the generated server and the bare handler in two
// child processes and loads them in interleaved rounds (round 1: case A
// generated, bare; case B ...; the next round starts with bare), one request at a time on a keep-alive
// connection; it reports the medians of the child's CPU time per request
// and the median of the rounds' ratios. It asserts nothing about time.
func TestServerCPU(t *testing.T) {
	if !*serverCPU {
		t.Skip("run with -servercpu")
	}
	kinds := []string{"generated", "bare"}
	children := map[string]*serverCPUChild{}
	for _, k := range kinds {
		profile := *serverCPUProfile
		if profile != "" && k == "bare" {
			profile += ".bare" // the bare handler's, to compare with
		}
		c := startServerCPUChild(t, os.Args[0], k, profile)
		defer c.stop()
		children[k] = c
	}
	if *serverCPUOther != "" {
		c := startServerCPUChild(t, *serverCPUOther, "generated", "")
		defer c.stop()
		children["other"] = c
		kinds = append(kinds, "other")
	}
	var cases []serverCPUCase
	for _, c := range serverCPUAllCases() {
		if strings.Contains(c.name, *serverCPUCases) {
			cases = append(cases, c)
		}
	}
	// Requests per measurement: calibrated on the bare handler's wall time
	// so that both servers get the same count.
	count := map[string]int{}
	for _, c := range cases {
		for _, k := range kinds {
			children[k].measure(t, c, 20) // warm up: connections, pools
		}
		s := children["bare"].measure(t, c, 50)
		count[c.name] = max(20, min(20000, int(float64(serverCPUTime.Nanoseconds())/s.wallNs)))
	}
	type key struct{ c, k string }
	samples := map[key][]serverCPUSample{}
	for round := 0; round < *ratioRounds; round++ {
		// The servers take turns at going first: the first measurement
		// after a pause pays for waking the process up.
		order := append(slices.Clone(kinds[round%len(kinds):]), kinds[:round%len(kinds)]...)
		for _, c := range cases {
			for _, k := range order {
				samples[key{c.name, k}] = append(samples[key{c.name, k}], children[k].measure(t, c, count[c.name]))
			}
		}
	}
	med := func(k key, f func(serverCPUSample) float64) float64 {
		var v []float64
		for _, s := range samples[k] {
			v = append(v, f(s))
		}
		return median(v)
	}
	// ratio is the median of the rounds' ratios: the two measurements of
	// a round are minutes closer in time than the medians of all rounds,
	// so the machine's drift cancels better.
	ratio := func(a, b key, f func(serverCPUSample) float64) float64 {
		var v []float64
		for i := range samples[a] {
			v = append(v, f(samples[a][i])/f(samples[b][i]))
		}
		return median(v)
	}
	allocated := func(k key) string {
		return fmt.Sprintf("%.1f KB, %.0f allocs", med(k, func(s serverCPUSample) float64 { return s.bytes })/1000, med(k, func(s serverCPUSample) float64 { return s.allocs }))
	}
	cpu := func(s serverCPUSample) float64 { return s.cpuNs }
	wall := func(s serverCPUSample) float64 { return s.wallNs }
	var sb strings.Builder
	fmt.Fprintf(&sb, "server process CPU time (user+sys) per request over loopback, medians of %d interleaved rounds\n\n", *ratioRounds)
	other := *serverCPUOther != ""
	sb.WriteString("| request | generated | bare handler | CPU ratio | wall ratio | allocated per request in the server |")
	if other {
		sb.WriteString(" other build | other / bare CPU |")
	}
	sb.WriteString("\n|---|---|---|---|---|---|")
	if other {
		sb.WriteString("---|---|")
	}
	sb.WriteString("\n")
	for _, c := range cases {
		g, b, o := key{c.name, "generated"}, key{c.name, "bare"}, key{c.name, "other"}
		fmt.Fprintf(&sb, "| %s (%d requests per round) | %s | %s | %.2f | %.2f | %s (bare: %s) |", c.name, count[c.name],
			fmtNs(med(g, cpu)), fmtNs(med(b, cpu)), ratio(g, b, cpu), ratio(g, b, wall), allocated(g), allocated(b))
		if other {
			fmt.Fprintf(&sb, " %s | %.2f |", fmtNs(med(o, cpu)), ratio(o, b, cpu))
		}
		sb.WriteString("\n")
	}
	fmt.Print(sb.String())
}
