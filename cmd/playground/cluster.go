package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"runtime"
	"strings"

	"github.com/facetui/facet/cluster"
	"github.com/facetui/facet/cluster/mcpnode"
	"github.com/facetui/facet/tea"
)

// clusterOptions are the --cluster flags.
type clusterOptions struct {
	url    string // --cluster nats://HOST:PORT: join that server
	listen string // --cluster-listen ADDR: run the embedded server
	node   string // --node NAME ("" : the host name)

	secretFile string // --cluster-secret-file FILE: the cluster's shared secret
	tlsCert    string // --cluster-tls-cert FILE: the embedded server's certificate
	tlsKey     string // --cluster-tls-key FILE: its private key
	tlsCA      string // --cluster-tls-ca FILE: what a joining node trusts for the server's certificate

	secret string // read from secretFile by check
}

// addClusterFlags declares the cluster flags into o.
func addClusterFlags(fs *flag.FlagSet, o *clusterOptions) {
	fs.StringVar(&o.url, "cluster", "", "join the cluster whose NATS server is at `URL` (nats://HOST:PORT, tls://HOST:PORT): session ids are unique across its nodes and its directory lists them")
	fs.StringVar(&o.listen, "cluster-listen", "", "start a cluster: run an embedded NATS server (JetStream on) on `ADDR` that other nodes join with --cluster; beyond loopback it needs --cluster-secret-file, --cluster-tls-cert and --cluster-tls-key")
	fs.StringVar(&o.node, "node", "", "name this node of the cluster `NAME` (1-32 of A-Z a-z 0-9 _ -; default: the host name)")
	fs.StringVar(&o.secretFile, "cluster-secret-file", "", "the cluster's shared secret is in `FILE` (mode 600; one line of at least 16 bytes): the embedded server accepts only nodes that present it, and a node that joins presents it")
	fs.StringVar(&o.tlsCert, "cluster-tls-cert", "", "the embedded NATS server (--cluster-listen) serves TLS only, with the certificate in `FILE` (PEM, leaf first)")
	fs.StringVar(&o.tlsKey, "cluster-tls-key", "", "the private key of --cluster-tls-cert, in `FILE` (PEM)")
	fs.StringVar(&o.tlsCA, "cluster-tls-ca", "", "a node that joins (--cluster) trusts the server's certificate when the certificate in `FILE` (PEM) signed it, or is it")
}

// enabled reports whether this run is a node of a cluster.
func (o clusterOptions) enabled() bool { return o.url != "" || o.listen != "" }

// check reports cluster flags that make no sense; mcp says whether MCP is
// served (--mcp or --http), which is what a cluster shares. It reads the
// secret file into o.secret.
func (o *clusterOptions) check(list, mcp bool) error {
	switch {
	case o.url != "" && o.listen != "":
		return &usageError{err: errors.New("--cluster and --cluster-listen cannot be combined: a node either joins a cluster's server or runs one")}
	case o.node != "" && !o.enabled():
		return &usageError{err: errors.New("--node needs --cluster URL or --cluster-listen ADDR")}
	case o.enabled() && list:
		return &usageError{err: errors.New("--list and --cluster cannot be combined")}
	case o.enabled() && !mcp:
		return &usageError{err: errors.New("--cluster and --cluster-listen need --http ADDR or --mcp: a cluster shares the sessions agents start")}
	}
	if !o.enabled() {
		for _, f := range []struct{ name, value string }{
			{"--cluster-secret-file", o.secretFile}, {"--cluster-tls-cert", o.tlsCert},
			{"--cluster-tls-key", o.tlsKey}, {"--cluster-tls-ca", o.tlsCA},
		} {
			if f.value != "" {
				return &usageError{err: fmt.Errorf("%s needs --cluster URL or --cluster-listen ADDR", f.name)}
			}
		}
		return nil
	}
	switch {
	case o.tlsCert != "" && o.tlsKey == "":
		return &usageError{err: errors.New("--cluster-tls-cert needs --cluster-tls-key: the embedded server needs its certificate and its private key")}
	case o.tlsKey != "" && o.tlsCert == "":
		return &usageError{err: errors.New("--cluster-tls-key needs --cluster-tls-cert: the embedded server needs its certificate and its private key")}
	case o.url != "" && o.tlsCert != "":
		return &usageError{err: errors.New("--cluster-tls-cert and --cluster-tls-key go with --cluster-listen (they are the embedded server's); a node that joins with --cluster verifies the server with --cluster-tls-ca")}
	case o.listen != "" && o.tlsCA != "":
		return &usageError{err: errors.New("--cluster-tls-ca goes with --cluster (a joining node verifies the server with it); the node with --cluster-listen serves --cluster-tls-cert and --cluster-tls-key")}
	}
	if o.secretFile != "" {
		secret, err := readSecretFile(o.secretFile)
		if err != nil {
			return &usageError{err: err}
		}
		o.secret = secret
	}
	err := o.options().Check()
	var unsafe *cluster.UnsafeListenError
	if errors.As(err, &unsafe) {
		flags := map[string]string{"Secret": "--cluster-secret-file", "TLSCert": "--cluster-tls-cert", "TLSKey": "--cluster-tls-key"}
		missing := make([]string, len(unsafe.Missing))
		for i, m := range unsafe.Missing {
			missing[i] = flags[m]
		}
		return &usageError{err: fmt.Errorf("--cluster-listen %s is beyond loopback, where the embedded NATS server listens only with authentication and TLS: add %s (or listen on 127.0.0.1)", o.listen, strings.Join(missing, ", "))}
	}
	if err != nil {
		return &usageError{err: err}
	}
	return nil
}

// maxSecretFile bounds the size of --cluster-secret-file.
const maxSecretFile = 4096

// readSecretFile reads the cluster's secret from path: a file only its
// owner can read or write, holding the secret and at most a line break.
func readSecretFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("--cluster-secret-file: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("--cluster-secret-file: %w", err)
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 && runtime.GOOS != "windows" {
		return "", fmt.Errorf("--cluster-secret-file %s is open to group or others (mode %04o): the secret lets anyone act as a node, so keep it to its owner: chmod 600 %s", path, perm, path)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxSecretFile+1))
	if err != nil {
		return "", fmt.Errorf("--cluster-secret-file %s: %w", path, err)
	}
	if len(data) > maxSecretFile {
		return "", fmt.Errorf("--cluster-secret-file %s is over %d bytes: it holds one line, the secret", path, maxSecretFile)
	}
	secret := strings.TrimSuffix(strings.TrimSuffix(string(data), "\n"), "\r")
	if err := cluster.CheckSecret(secret); err != nil {
		return "", fmt.Errorf("--cluster-secret-file %s: %w", path, err)
	}
	return secret, nil
}

// options are the cluster.Options of the flags.
func (o clusterOptions) options() cluster.Options {
	return cluster.Options{
		URL: o.url, Listen: o.listen, Name: o.node,
		Secret: o.secret, TLSCert: o.tlsCert, TLSKey: o.tlsKey, TLSCA: o.tlsCA,
	}
}

// joinCluster makes this run a node of the cluster o names, when it names
// one, and keeps every session of sessions in the cluster's directory:
// those started through the MCP server claim their id before they start
// (the server consults the node), the others (a terminal's, an SSH
// connection's) are put in as they start. leave takes the node out.
func joinCluster(ctx context.Context, o clusterOptions, sessions *tea.Sessions, stderr io.Writer) (node *mcpnode.Node, leave func(), err error) {
	if !o.enabled() {
		return nil, func() {}, nil
	}
	node, err = mcpnode.Join(ctx, o.options())
	switch {
	case errors.Is(err, cluster.ErrSecretRefused):
		return nil, nil, &usageError{err: fmt.Errorf("--cluster-secret-file: %w", err)}
	case errors.Is(err, cluster.ErrServerNotTrusted):
		return nil, nil, &usageError{err: fmt.Errorf("--cluster-tls-ca: %w", err)}
	case err != nil:
		return nil, nil, &usageError{err: err}
	}
	cn := node.Cluster()
	if o.listen != "" {
		fmt.Fprintf(stderr, "playground: node %s runs the cluster's NATS server at %s; join it with --cluster %s%s\n", cn.Name(), cn.ClientURL(), cn.ClientURL(), o.joinHint())
	} else {
		fmt.Fprintf(stderr, "playground: node %s joined the cluster at %s\n", cn.Name(), redacted(cn.ClientURL()))
	}
	node.Hosts(ctx, sessions, func(session string, err error) {
		fmt.Fprintf(stderr, "playground: session %s stays out of the cluster's directory: %v\n", session, err)
	})
	return node, func() { _ = node.Close() }, nil
}

// joinHint says what else a node that joins this node's server needs.
func (o clusterOptions) joinHint() string {
	var hint []string
	if host, _, err := net.SplitHostPort(o.listen); err == nil {
		if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
			hint = append(hint, "by a name or address of this machine that --cluster-tls-cert holds")
		}
	}
	if o.secretFile != "" {
		hint = append(hint, "the same --cluster-secret-file")
	}
	if o.tlsCert != "" {
		hint = append(hint, "--cluster-tls-ca naming the CA that signed --cluster-tls-cert (or that certificate)")
	}
	if len(hint) == 0 {
		return ""
	}
	return " (" + strings.Join(hint, ", ") + ")"
}

// redacted is raw without its credentials, if it has any.
func redacted(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	u.User = url.User("REDACTED")
	return u.String()
}
