package balancertest

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The helper process of TestAChildEndsWithItsParent: it starts `sleep`
// as a node, prints its pid and exits without stopping it.
func init() {
	if os.Getenv("BALANCERTEST_ORPHAN") != "1" {
		return
	}
	n, err := StartNode("sleep", "", "60")
	if err != nil {
		os.Exit(2)
	}
	os.Stdout.WriteString(strconv.Itoa(n.Pid()) + "\n")
	os.Exit(0)
}

func TestAChildEndsWithItsParent(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("only Linux ends a child with its parent")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "BALANCERTEST_ORPHAN=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("the helper printed no pid: %v", err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the helper: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		t.Fatal(err)
	}
	// The orphan is reparented and reaped by init, or a subreaper: gone
	// means kill(pid, 0) fails, or it is a zombie awaiting its reaper.
	deadline := time.Now().Add(30 * time.Second)
	for {
		err := syscall.Kill(pid, 0)
		stat, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
		if errors.Is(err, syscall.ESRCH) || strings.Contains(string(stat), ") Z ") {
			return
		}
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the node (pid %d) outlived the process that started it by 30s", pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestConfigIsValidHAProxy: haproxy itself accepts the configuration, and
// it balances round robin, pins a session's requests, redispatches a
// refused one and names every server.
func TestConfigIsValidHAProxy(t *testing.T) {
	cfg := Config("127.0.0.1:8800", []string{"http://127.0.0.1:8808", "127.0.0.1:8818"})
	for _, want := range []string{
		"bind 127.0.0.1:8800\n", "balance roundrobin\n",
		"stick on req.hdr(mcp-session-id)\n", "stick store-response res.hdr(mcp-session-id)\n",
		"option redispatch 1\n", "server n1 127.0.0.1:8808\n", "server n2 127.0.0.1:8818\n",
	} {
		if !strings.Contains(cfg, want) {
			t.Errorf("the configuration has no %q:\n%s", want, cfg)
		}
	}
	bin, err := exec.LookPath("haproxy")
	if err != nil {
		t.Skip("haproxy is not installed (apt-get install haproxy)")
	}
	path := filepath.Join(t.TempDir(), "haproxy.cfg")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bin, "-c", "-f", path).CombinedOutput(); err != nil {
		t.Fatalf("haproxy -c: %v\n%s\n%s", err, out, cfg)
	}
}
