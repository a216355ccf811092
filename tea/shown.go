package tea

// ShownDescriber is implemented by a Describer that says whether it is
// shown (not Description.States.Hidden) without describing itself, so that
// what walks every widget of a view on every change only to count the
// shown ones (MCP's answer to a write) builds no description: no state
// map, no parts, no header actions. DescribeShown must agree with
// Describe: it is !Describe().States.Hidden.
type ShownDescriber interface {
	DescribeShown() bool
}
