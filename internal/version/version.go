// Package version holds Facet's version, in one place: the playground's
// --version prints it, the MCP server announces it to clients, and the
// newest section of CHANGELOG.md names it (a test in cmd/playground checks
// that they agree).
package version

// Version is Facet's version as semantic versioning spells it, without a
// "v". While the newest section of CHANGELOG.md is unreleased ("## 0.1.0
// (unreleased)") it is that version with "-dev"; released ("## 0.1.0
// (2026-09-01)"), that version alone.
const Version = "0.1.0-dev"
