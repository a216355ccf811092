package ssh_test

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/facetui/facet/render/ssh"
)

func TestNonLoopbackAddressWithoutAuthorizedKeysIsRefusedAtNew(t *testing.T) {
	for _, tc := range []struct {
		addr    string
		refused bool
	}{
		{addr: "127.0.0.1:2222"},
		{addr: "127.0.0.2:0"},
		{addr: "[::1]:2222"},
		{addr: "localhost:2222"},
		{addr: ":2222", refused: true},
		{addr: "0.0.0.0:2222", refused: true},
		{addr: "[::]:2222", refused: true},
		{addr: "192.0.2.10:22", refused: true},
		{addr: "example.com:22", refused: true},
	} {
		t.Run(tc.addr, func(t *testing.T) {
			_, err := ssh.New(ssh.Options{Addr: tc.addr, App: counter, HostKeyPath: filepath.Join(t.TempDir(), "key")})
			var bind *ssh.BindError
			if got := errors.As(err, &bind); got != tc.refused {
				t.Fatalf("New(%q) = %v, refused %v, want %v", tc.addr, err, got, tc.refused)
			}
			if tc.refused && !strings.Contains(err.Error(), "without authorized keys") {
				t.Fatalf("the refusal does not say why: %v", err)
			}
		})
	}
}

func TestNonLoopbackListenerWithoutAuthorizedKeysIsRefusedAtServe(t *testing.T) {
	s, err := ssh.New(ssh.Options{App: counter, HostKeyPath: filepath.Join(t.TempDir(), "key")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l, err := net.Listen("tcp", ":0") // every interface
	if err != nil {
		t.Fatal(err)
	}
	err = s.Serve(context.Background(), l)
	var bind *ssh.BindError
	if !errors.As(err, &bind) {
		t.Fatalf("Serve on %s = %v, want a *BindError", l.Addr(), err)
	}
	// The listener is closed: nobody got in.
	if c, err := net.Dial("tcp", l.Addr().String()); err == nil {
		c.Close()
		t.Fatal("the refused listener still accepts connections")
	}
}

func TestAuthorizedKeysAllowAnyAddress(t *testing.T) {
	dir := t.TempDir()
	keys := writeAuthorizedKeys(t, dir, newKey(t).PublicKey())
	if _, err := ssh.New(ssh.Options{Addr: "0.0.0.0:2222", AuthorizedKeys: keys, App: counter, HostKeyPath: filepath.Join(dir, "key")}); err != nil {
		t.Fatalf("New with authorized keys on 0.0.0.0 = %v", err)
	}
}

func TestAuthorizedKeysAdmitOnlyListedKeys(t *testing.T) {
	listed, other := newKey(t), newKey(t)
	srv := serve(t, ssh.Options{AuthorizedKeys: writeAuthorizedKeys(t, t.TempDir(), listed.PublicKey())})

	c := connect(t, srv.addr, clientConfig("ada", gossh.PublicKeys(listed)), "xterm", 80, 24)
	c.waitFor("session: ssh1 user: ada", "count: 0")

	for name, cfg := range map[string]*gossh.ClientConfig{
		"an unlisted key": clientConfig("eve", gossh.PublicKeys(other)),
		"no key":          clientConfig("eve"),
		"a password":      clientConfig("eve", gossh.Password("hunter2")),
	} {
		conn, err := gossshDial(srv.addr, cfg)
		if err == nil {
			conn.Close()
			t.Errorf("a client with %s got in", name)
		} else if !strings.Contains(err.Error(), "unable to authenticate") {
			t.Errorf("a client with %s: %v, want an authentication failure", name, err)
		}
	}
	if n := len(srv.Sessions().List()); n != 1 {
		t.Fatalf("%d sessions, want only the listed key's", n)
	}
}

func TestAuthorizedKeysFileMustListKeys(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, content, want string
	}{
		{"empty", "# nobody yet\n\n", "lists no key"},
		{"garbage", "# a comment\nssh-ed25519 not-base64 someone\n", "line 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name)
			if err := os.WriteFile(path, []byte(tc.content), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := ssh.New(ssh.Options{AuthorizedKeys: path, App: counter, HostKeyPath: filepath.Join(dir, "key")})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("New = %v, want an error mentioning %q", err, tc.want)
			}
		})
	}
	_, err := ssh.New(ssh.Options{AuthorizedKeys: filepath.Join(dir, "missing"), App: counter, HostKeyPath: filepath.Join(dir, "key")})
	if !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("New with a missing authorized keys file = %v, want ErrNotExist", err)
	}
}

// writeAuthorizedKeys writes keys as an authorized_keys file in dir, with
// a comment and an options field as people write them.
func writeAuthorizedKeys(t *testing.T, dir string, keys ...gossh.PublicKey) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("# people allowed in\n\n")
	for i, k := range keys {
		if i%2 == 1 {
			b.WriteString(`no-port-forwarding,from="127.0.0.1" `)
		}
		b.Write(gossh.MarshalAuthorizedKey(k))
	}
	path := filepath.Join(dir, "authorized_keys")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestAuthorizedKeysOptionsTheServerDoesNotEnforceAreRefused(t *testing.T) {
	dir := t.TempDir()
	key := strings.TrimSpace(string(gossh.MarshalAuthorizedKey(newKey(t).PublicKey())))
	for _, tc := range []struct {
		options, option string
	}{
		{`cert-authority`, "cert-authority"},
		{`cert-authority,principals="ada"`, "cert-authority"},
		{`command="/bin/true"`, "command"},
		{`no-port-forwarding,expiry-time="20300101"`, "expiry-time"},
		{`environment="A=b"`, "environment"},
		{`permitopen="localhost:80"`, "permitopen"},
		{`permitlisten="8080"`, "permitlisten"},
		{`tunnel="0"`, "tunnel"},
		{`no-touch-required`, "no-touch-required"},
		{`verify-required`, "verify-required"},
		{`No-Pty`, "no-pty"},
		{`restrict`, "restrict"},
		{`from="*.example.com"`, "from"},
		{`from="!badhost,10.*"`, "from"},
		{`from="10.0.0.1/8"`, "from"},
		{`from=10.0.0.1`, "from"},
		{`from`, "from"},
	} {
		t.Run(tc.options, func(t *testing.T) {
			path := filepath.Join(dir, "authorized_keys")
			content := "# people allowed in\n" + key + "\n" + tc.options + " " + key + "\n"
			if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := ssh.New(ssh.Options{AuthorizedKeys: path, App: counter, HostKeyPath: filepath.Join(dir, "key")})
			var ake *ssh.AuthorizedKeysError
			if !errors.As(err, &ake) {
				t.Fatalf("New = %v, want an *AuthorizedKeysError", err)
			}
			if ake.Path != path || ake.Line != 3 || ake.Option != tc.option {
				t.Fatalf("refused %s line %d option %q, want %s line 3 option %q", ake.Path, ake.Line, ake.Option, path, tc.option)
			}
			for _, want := range []string{path, "line 3", "option " + tc.option} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("the error %q does not name %q", err, want)
				}
			}
		})
	}
}

func TestAuthorizedKeysOptionsTheServerHonoursAreAccepted(t *testing.T) {
	dir := t.TempDir()
	key := strings.TrimSpace(string(gossh.MarshalAuthorizedKey(newKey(t).PublicKey())))
	for _, options := range []string{
		`no-port-forwarding,no-agent-forwarding,no-X11-forwarding,no-user-rc`,
		`restrict,pty`,
		`restrict,pty,port-forwarding,agent-forwarding,x11-forwarding,user-rc`,
		`from="127.0.0.1,::1,192.0.2.0/24,!192.0.2.13,10.?.*"`,
	} {
		path := filepath.Join(dir, "authorized_keys")
		if err := os.WriteFile(path, []byte(options+" "+key+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := ssh.New(ssh.Options{AuthorizedKeys: path, App: counter, HostKeyPath: filepath.Join(dir, "key")}); err != nil {
			t.Errorf("options %s: New = %v", options, err)
		}
	}
}

func TestFromOptionAdmitsAKeyOnlyFromItsAddresses(t *testing.T) {
	here, elsewhere, negated, twice := newKey(t), newKey(t), newKey(t), newKey(t)
	line := func(options string, k gossh.Signer) string {
		return options + " " + string(gossh.MarshalAuthorizedKey(k.PublicKey()))
	}
	path := filepath.Join(t.TempDir(), "authorized_keys")
	content := line(`from="127.0.0.*"`, here) +
		line(`from="10.*,192.168.0.0/16"`, elsewhere) +
		line(`from="127.*,!127.0.0.1"`, negated) +
		line(`from="10.0.0.1"`, twice) +
		line(`from="127.0.0.0/8"`, twice)
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	srv := serve(t, ssh.Options{AuthorizedKeys: path})

	for _, tc := range []struct {
		name   string
		key    gossh.Signer
		admits bool
	}{
		{"a key whose from= matches 127.0.0.1", here, true},
		{"a key whose from= lists other networks", elsewhere, false},
		{"a key whose from= negates 127.0.0.1", negated, false},
		{"a key listed twice, once for 127.0.0.0/8", twice, true},
	} {
		conn, err := gossshDial(srv.addr, clientConfig("ada", gossh.PublicKeys(tc.key)))
		switch {
		case tc.admits && err != nil:
			t.Errorf("%s was refused: %v", tc.name, err)
		case !tc.admits && err == nil:
			t.Errorf("%s got in", tc.name)
		case !tc.admits && !strings.Contains(err.Error(), "unable to authenticate"):
			t.Errorf("%s: %v, want an authentication failure", tc.name, err)
		}
		if conn != nil {
			conn.Close()
		}
	}
}
