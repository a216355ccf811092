package ssh_test

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/facetui/facet/render/ssh"
)

func TestHostKeyIsCreatedPrivateAndReused(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "config", "facet")
	path := filepath.Join(dir, "ssh_host_ed25519")
	t.Chdir(t.TempDir()) // wish would write id_ed25519 here if let
	cwd, _ := os.Getwd()

	first := hostKeySeen(t, path)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatalf("the host key was not created: %v", err)
	}
	if perm := fi.Mode().Perm(); perm != 0o600 {
		t.Errorf("host key mode = %04o, want 0600", perm)
	}
	if di, err := os.Stat(dir); err != nil || di.Mode().Perm() != 0o700 {
		t.Errorf("host key directory: %v, mode %04o, want 0700", err, di.Mode().Perm())
	}
	if first.Type() != gossh.KeyAlgoED25519 {
		t.Errorf("host key type = %s, want ed25519", first.Type())
	}
	pem, _ := os.ReadFile(path)

	second := hostKeySeen(t, path)
	if !bytes.Equal(first.Marshal(), second.Marshal()) {
		t.Fatal("a second server presented a different host key")
	}
	if again, _ := os.ReadFile(path); !bytes.Equal(pem, again) {
		t.Fatal("the host key file was rewritten")
	}
	if entries, _ := os.ReadDir(cwd); len(entries) != 0 {
		t.Fatalf("the working directory got %d files, first %s", len(entries), entries[0].Name())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("the host key directory holds %d files, want only the key", len(entries))
	}
}

func TestHostKeyReadableByOthersIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "key")
	hostKeySeen(t, path)
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ssh.New(ssh.Options{App: counter, HostKeyPath: path})
	if err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("New with a 0644 host key = %v, want a refusal that says chmod 600", err)
	}
}

func TestDefaultHostKeyPathIsUnderTheUserConfigDirectory(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "cfg"))
	t.Setenv("HOME", home)
	cfg, err := os.UserConfigDir()
	if err != nil {
		t.Skip("no user config directory here:", err)
	}
	path, err := ssh.DefaultHostKeyPath()
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(cfg, "facet", "ssh_host_ed25519"); path != want {
		t.Fatalf("DefaultHostKeyPath = %s, want %s", path, want)
	}
	// A server with no path uses it.
	if _, err := ssh.New(ssh.Options{App: counter}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the default host key was not created: %v", err)
	}
}

// hostKeySeen serves with the host key at path and returns the key a
// client is shown.
func hostKeySeen(t *testing.T, path string) gossh.PublicKey {
	t.Helper()
	srv := serve(t, ssh.Options{HostKeyPath: path})
	var seen gossh.PublicKey
	cfg := clientConfig("ada")
	cfg.HostKeyCallback = func(_ string, _ net.Addr, key gossh.PublicKey) error {
		seen = key
		return nil
	}
	conn, err := gossshDial(srv.addr, cfg)
	if err != nil {
		t.Fatal(err)
	}
	conn.Close()
	return seen
}
