package ssh_test

import (
	"fmt"
	"io"
	"runtime"
	"sync"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/tea"
)

// sizes records every window size the sessions' apps are told.
type sizes struct {
	mu   sync.Mutex
	info []string // Info.Width x Info.Height of each new session
	last string   // the latest tea.WindowSizeMsg of any session
}

func (s *sizes) set(last string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.last = last
}

func (s *sizes) get() (info []string, last string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.info...), s.last
}

// sizedApp is the counter, telling sizes the window it is given.
type sizedApp struct {
	counterApp
	sizes *sizes
}

func (a sizedApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if msg, ok := msg.(tea.WindowSizeMsg); ok {
		a.sizes.set(fmt.Sprintf("%dx%d", msg.Width, msg.Height))
	}
	m, cmd := a.counterApp.Update(msg)
	a.counterApp = m.(counterApp)
	return a, cmd
}

func (s *sizes) newModel(info ssh.Info) tea.Model {
	s.mu.Lock()
	s.info = append(s.info, fmt.Sprintf("%dx%d", info.Width, info.Height))
	s.mu.Unlock()
	return sizedApp{counterApp: counterApp{info: info}, sizes: s}
}

// heapInUse is the bytes of heap in use after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

func TestHugeWindowsAreClampedAtThePtyRequestAndEveryWindowChange(t *testing.T) {
	for _, tc := range []struct {
		name          string
		opts          ssh.Options
		width, height int // the clamped size of a huge window
		typed         string
		typedWant     string
	}{
		{
			name: "default limit", width: 1000, height: 500,
			// 1100x900 is under Bubble Tea's own plausibility check.
			typed: "\x1b[48;900;1100;0;0t", typedWant: "1000x500",
		},
		{
			name: "configured limit", opts: ssh.Options{MaxWidth: 120, MaxHeight: 40}, width: 120, height: 40,
			typed: "\x1b[48;45;100;0;0t", typedWant: "100x40",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := heapInUse()
			rec := &sizes{}
			tc.opts.ModelFor = rec.newModel
			srv := serve(t, tc.opts)
			conn, err := gossshDial(srv.addr, clientConfig("mallory"))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			sess, err := conn.NewSession()
			if err != nil {
				t.Fatal(err)
			}
			sess.Stdout, sess.Stderr = io.Discard, io.Discard
			keys, err := sess.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := sess.RequestPty("xterm", 30000, 30000, gossh.TerminalModes{}); err != nil {
				t.Fatalf("pty request: %v", err)
			}
			if err := sess.Shell(); err != nil {
				t.Fatal(err)
			}
			clamped := fmt.Sprintf("%dx%d", tc.width, tc.height)
			told := func(want string) {
				t.Helper()
				eventuallyWithin(t, 3*wait, "the app is told "+want, func() bool {
					_, last := rec.get()
					return last == want
				})
			}
			told(clamped)
			if info, _ := rec.get(); len(info) != 1 || info[0] != clamped {
				t.Fatalf("the session started for windows %v, want [%s]", info, clamped)
			}

			for _, w := range []struct {
				width, height int
				want          string
			}{
				{60, 20, "60x20"},
				{1 << 31, 1 << 31, clamped},
				{70, 21, "70x21"},
				{tc.width + 1, 3, fmt.Sprintf("%dx3", tc.width)},
				{50, 1<<32 - 1, fmt.Sprintf("50x%d", tc.height)},
			} {
				if err := sess.WindowChange(w.height, w.width); err != nil {
					t.Fatalf("window change: %v", err)
				}
				told(w.want)
			}
			// A size report the client types itself is clamped too.
			if _, err := io.WriteString(keys, tc.typed); err != nil {
				t.Fatal(err)
			}
			told(tc.typedWant)

			// A few screens of at most the limit: far below the gigabytes
			// a 30000x30000 screen takes.
			grew := int64(heapInUse()) - int64(before)
			t.Logf("the heap grew by %.1f MB serving a window asked as 30000x30000", float64(grew)/(1<<20))
			if grew > 256<<20 {
				t.Fatalf("the heap grew by %d MB serving one huge window", grew>>20)
			}
		})
	}
}
