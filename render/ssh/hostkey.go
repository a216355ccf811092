package ssh

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	gossh "golang.org/x/crypto/ssh"
)

// DefaultHostKeyPath is where the host key lives when Options.HostKeyPath
// is empty: facet/ssh_host_ed25519 under os.UserConfigDir (for instance
// ~/.config/facet/ssh_host_ed25519 on Linux).
func DefaultHostKeyPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("ssh: no place for the host key (set a host key path): %w", err)
	}
	return filepath.Join(dir, "facet", "ssh_host_ed25519"), nil
}

// loadHostKey returns the private host key at path, creating an ed25519
// key there first if there is none: mode 0600, in a directory created 0700.
// A key that others may read is refused, as OpenSSH refuses one.
func loadHostKey(path string) (gossh.Signer, error) {
	pemBytes, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		if err := createHostKey(path); err != nil {
			return nil, err
		}
		pemBytes, err = os.ReadFile(path)
	}
	if err != nil {
		return nil, fmt.Errorf("ssh: read host key: %w", err)
	}
	if err := checkPrivate(path); err != nil {
		return nil, err
	}
	signer, err := gossh.ParsePrivateKey(pemBytes)
	if err != nil {
		return nil, fmt.Errorf("ssh: host key %s: %w", path, err)
	}
	return signer, nil
}

// createHostKey writes a new ed25519 key to path without ever replacing a
// key that is already there: it is written to a temporary file in the same
// directory and linked into place.
func createHostKey(path string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("ssh: create host key directory: %w", err)
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return fmt.Errorf("ssh: generate host key: %w", err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "facet ssh host key")
	if err != nil {
		return fmt.Errorf("ssh: encode host key: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".ssh_host_key-*") // mode 0600
	if err != nil {
		return fmt.Errorf("ssh: create host key: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(pem.EncodeToMemory(block)); err != nil {
		tmp.Close()
		return fmt.Errorf("ssh: write host key: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("ssh: write host key: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("ssh: write host key: %w", err)
	}
	// Link fails if another process created the key meanwhile: keep theirs.
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("ssh: create host key: %w", err)
	}
	return nil
}

// checkPrivate refuses a key file that its group or others may access.
func checkPrivate(path string) error {
	if runtime.GOOS == "windows" {
		return nil // permission bits mean nothing there
	}
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("ssh: host key: %w", err)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return fmt.Errorf("ssh: host key %s is accessible by others (mode %04o); run chmod 600 on it", path, perm)
	}
	return nil
}
