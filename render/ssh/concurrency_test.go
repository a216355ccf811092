package ssh_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/facetui/facet/render/ssh"
)

func TestTwentyConcurrentConnectionsEachSeeTheirOwnSession(t *testing.T) {
	const n = 20
	srv := serve(t, ssh.Options{MaxSessions: n})
	clients := make([]*client, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			// Fatal is not allowed off the test goroutine: report and leave.
			c, err := tryConnect(t, srv.addr, clientConfig(fmt.Sprintf("user%d", i)), "xterm", 60+i, 20)
			if err != nil {
				t.Errorf("client %d: %v", i, err)
				return
			}
			clients[i] = c
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}

	// Each presses Increment its own number of times.
	for i, c := range clients {
		c.press("\t" + strings.Repeat("\r", i%5+1))
	}
	ids := map[string]int{}
	for i, c := range clients {
		c.waitFor(fmt.Sprintf("user: user%d ", i), fmt.Sprintf("count: %d ", i%5+1), fmt.Sprintf("size: %dx20", 60+i))
		s := c.screen()
		id := strings.Fields(s[strings.Index(s, "session: "):])[1]
		if j, seen := ids[id]; seen {
			t.Fatalf("clients %d and %d both see session %s", j, i, id)
		}
		ids[id] = i
	}
	if got := len(srv.Sessions().List()); got != n {
		t.Fatalf("%d sessions in the registry, want %d", got, n)
	}
	for i := 1; i <= n; i++ {
		if _, ok := ids[fmt.Sprintf("ssh%d", i)]; !ok {
			t.Errorf("no client sees session ssh%d", i)
		}
	}

	for _, c := range clients {
		c.press("\x03")
	}
	for i, c := range clients {
		if status := c.wait(); status != 0 {
			t.Errorf("client %d exit status = %d", i, status)
		}
	}
}
