package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/facetui/facet/cluster"
	"github.com/facetui/facet/cluster/clustertest"
	"github.com/facetui/facet/tea"
)

// secretFile writes content to a file of mode perm in dir.
func secretFile(t *testing.T, dir, name, content string, perm os.FileMode) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, perm); err != nil { // past the umask
		t.Fatal(err)
	}
	return path
}

func TestClusterSecurityFlagsThatMakeNoSenseAreUsageErrors(t *testing.T) {
	dir := t.TempDir()
	const secret = "0123456789abcdef0123456789abcdef"
	good := secretFile(t, dir, "good", secret+"\n", 0o600)
	open := secretFile(t, dir, "open", secret+"\n", 0o644)
	groupOnly := secretFile(t, dir, "group", secret+"\n", 0o640)
	short := secretFile(t, dir, "short", "hunter2\n", 0o600)
	twoLines := secretFile(t, dir, "two", secret+"\n"+secret+"\n", 0o600)
	http := []string{"--http", "127.0.0.1:0"}
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"secret without a cluster", []string{"--cluster-secret-file", good}, []string{"--cluster-secret-file needs --cluster URL or --cluster-listen ADDR"}},
		{"CA without a cluster", []string{"--cluster-tls-ca", "ca.pem"}, []string{"--cluster-tls-ca needs --cluster"}},
		{"certificate without key", []string{"--cluster-listen", "127.0.0.1:0", "--cluster-tls-cert", "c.pem"}, []string{"--cluster-tls-cert needs --cluster-tls-key"}},
		{"key without certificate", []string{"--cluster-listen", "127.0.0.1:0", "--cluster-tls-key", "k.pem"}, []string{"--cluster-tls-key needs --cluster-tls-cert"}},
		{"server certificate on a joiner", []string{"--cluster", "tls://10.0.0.1:4222", "--cluster-tls-cert", "c.pem", "--cluster-tls-key", "k.pem"}, []string{"go with --cluster-listen", "--cluster-tls-ca"}},
		{"CA on the server", []string{"--cluster-listen", "127.0.0.1:0", "--cluster-tls-ca", "ca.pem"}, []string{"--cluster-tls-ca goes with --cluster"}},
		{"beyond loopback with nothing", []string{"--cluster-listen", "0.0.0.0:4222"}, []string{"--cluster-listen 0.0.0.0:4222 is beyond loopback", "authentication and TLS", "add --cluster-secret-file, --cluster-tls-cert, --cluster-tls-key"}},
		{"beyond loopback with the secret only", []string{"--cluster-listen", "10.0.0.1:4222", "--cluster-secret-file", good}, []string{"beyond loopback", "add --cluster-tls-cert, --cluster-tls-key"}},
		{"beyond loopback with TLS only", []string{"--cluster-listen", ":4222", "--cluster-tls-cert", "c.pem", "--cluster-tls-key", "k.pem"}, []string{"beyond loopback", "add --cluster-secret-file ("}},
		{"secret file open to others", []string{"--cluster", "tls://10.0.0.1:4222", "--cluster-secret-file", open}, []string{"--cluster-secret-file " + open + " is open to group or others (mode 0644)", "chmod 600 " + open}},
		{"secret file open to the group", []string{"--cluster", "tls://10.0.0.1:4222", "--cluster-secret-file", groupOnly}, []string{"(mode 0640)", "chmod 600"}},
		{"no secret file", []string{"--cluster", "tls://10.0.0.1:4222", "--cluster-secret-file", filepath.Join(dir, "none")}, []string{"--cluster-secret-file", "no such file"}},
		{"short secret", []string{"--cluster", "tls://10.0.0.1:4222", "--cluster-secret-file", short}, []string{"--cluster-secret-file " + short, "fewer than the minimum of 16"}},
		{"secret of two lines", []string{"--cluster", "tls://10.0.0.1:4222", "--cluster-secret-file", twoLines}, []string{"control character"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseOptions(append(append([]string{}, http...), tc.args...))
			var ue *usageError
			if !errors.As(err, &ue) {
				t.Fatalf("parseOptions = %v, want a usage error", err)
			}
			for _, want := range tc.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("error %q shows the secret", err)
			}
		})
	}
}

func TestClusterSecurityFlagsThatFitAreAccepted(t *testing.T) {
	dir := t.TempDir()
	const secret = "0123456789abcdef0123456789abcdef"
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"beyond loopback with the secret and TLS", []string{"--cluster-listen", "0.0.0.0:4222", "--cluster-secret-file", secretFile(t, dir, "lf", secret+"\n", 0o600), "--cluster-tls-cert", "c.pem", "--cluster-tls-key", "k.pem"}},
		{"a joiner with the secret and the CA", []string{"--cluster", "tls://10.0.0.1:4222", "--cluster-secret-file", secretFile(t, dir, "crlf", secret+"\r\n", 0o600), "--cluster-tls-ca", "ca.pem"}},
		{"loopback with the secret only", []string{"--cluster-listen", "127.0.0.1:0", "--cluster-secret-file", secretFile(t, dir, "bare", secret, 0o400)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := parseOptions(append([]string{"--http", "127.0.0.1:0"}, tc.args...))
			if err != nil {
				t.Fatalf("parseOptions: %v", err)
			}
			if o.cluster.secret != secret {
				t.Fatalf("the secret read is %q, want %q (the file without its line break)", o.cluster.secret, secret)
			}
		})
	}
}

// TestTwoNodesJoinOverTLSWithTheSecretFile: the flags of two machines, on
// loopback: the first runs the server with the secret and TLS, the second
// joins with the same secret file and the CA, and sees the first's
// session; a third with another secret is refused, naming the secret.
func TestTwoNodesJoinOverTLSWithTheSecretFile(t *testing.T) {
	ctx := t.Context()
	files := clustertest.NewTLSFiles(t)
	dir := t.TempDir()
	secret := secretFile(t, dir, "secret", "0123456789abcdef0123456789abcdef\n", 0o600)
	parse := func(args ...string) clusterOptions {
		t.Helper()
		o, err := parseOptions(append([]string{"--http", "127.0.0.1:0"}, args...))
		if err != nil {
			t.Fatalf("parseOptions(%q): %v", args, err)
		}
		return o.cluster
	}
	var errA, errB syncBuffer
	regA, regB := tea.NewSessions(), tea.NewSessions()
	defer regA.StopAll()
	defer regB.StopAll()
	if _, err := regA.Start(ctx, "live", "counter", pairModel{}); err != nil {
		t.Fatal(err)
	}
	nodeA, leaveA, err := joinCluster(ctx, parse("--cluster-listen", "127.0.0.1:0", "--node", "a", "--cluster-secret-file", secret, "--cluster-tls-cert", files.Cert, "--cluster-tls-key", files.Key), regA, &errA)
	if err != nil {
		t.Fatal(err)
	}
	defer leaveA()
	url := nodeA.Cluster().ClientURL()
	if !strings.HasPrefix(url, "tls://") || !strings.Contains(errA.String(), "join it with --cluster "+url+" (the same --cluster-secret-file, --cluster-tls-ca") {
		t.Fatalf("node a's URL %q, and it printed:\n%s", url, errA.String())
	}
	nodeB, leaveB, err := joinCluster(ctx, parse("--cluster", url, "--node", "b", "--cluster-secret-file", secret, "--cluster-tls-ca", files.CA), regB, &errB)
	if err != nil {
		t.Fatal(err)
	}
	defer leaveB()
	waitUntil(t, "node b sees a's session over TLS", func() bool {
		owner, ok := nodeB.Cluster().Owner("live")
		return ok && owner == "a"
	})

	wrong := secretFile(t, dir, "wrong", "another-secret-of-the-same-length", 0o600)
	_, _, err = joinCluster(ctx, parse("--cluster", url, "--node", "c", "--cluster-secret-file", wrong, "--cluster-tls-ca", files.CA), tea.NewSessions(), &errB)
	var ue *usageError
	if !errors.As(err, &ue) || !errors.Is(err, cluster.ErrSecretRefused) || !strings.HasPrefix(err.Error(), "--cluster-secret-file: ") {
		t.Fatalf("joining with another secret: %v; want a usage error naming --cluster-secret-file, matching cluster.ErrSecretRefused", err)
	}
	_, _, err = joinCluster(ctx, parse("--cluster", url, "--node", "c", "--cluster-secret-file", secret), tea.NewSessions(), &errB)
	if !errors.As(err, &ue) || !errors.Is(err, cluster.ErrServerNotTrusted) || !strings.HasPrefix(err.Error(), "--cluster-tls-ca: ") {
		t.Fatalf("joining without the CA: %v; want a usage error naming --cluster-tls-ca, matching cluster.ErrServerNotTrusted", err)
	}
}
