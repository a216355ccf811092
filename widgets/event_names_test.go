package widgets_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// eventPackage is the widgets package's source as the event rule sees it:
// its exported struct types, the widgets among them, and the events (the
// struct types its code hands to an app's Update as a tea.Msg, or reads
// back from one).
type eventPackage struct {
	structs map[string]*ast.StructType
	widgets map[string]bool
	events  map[string]bool
}

// parseEvents reads the non-test Go files of dir.
func parseEvents(t *testing.T, dir string) eventPackage {
	t.Helper()
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			t.Fatalf("parse: %v", err)
		}
		files = append(files, f)
	}
	p := eventPackage{structs: map[string]*ast.StructType{}, widgets: map[string]bool{}, events: map[string]bool{}}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok || ts.Assign.IsValid() || !ts.Name.IsExported() {
						continue
					}
					if st, ok := ts.Type.(*ast.StructType); ok {
						p.structs[ts.Name.Name] = st
					}
				}
			case *ast.FuncDecl:
				if d.Recv != nil && d.Name.Name == "WidgetKind" {
					p.widgets[receiverName(d.Recv.List[0].Type)] = true
				}
			}
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					p.collectReturns(n.Type, n.Body)
					p.collectReads(n.Type, n.Body)
				}
			case *ast.FuncLit:
				p.collectReturns(n.Type, n.Body)
			case *ast.CallExpr:
				if isTeaName(n.Fun, "Write") {
					for _, a := range n.Args {
						p.addLiteral(a)
					}
				}
			}
			return true
		})
	}
	return p
}

// receiverName is the type name of a method's receiver.
func receiverName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// isTeaName reports whether e is tea.<name>.
func isTeaName(e ast.Expr, name string) bool {
	s, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := s.X.(*ast.Ident)
	return ok && x.Name == "tea" && s.Sel.Name == name
}

// addLiteral records e's type as an event when e is a literal of one of
// the package's exported struct types.
func (p eventPackage) addLiteral(e ast.Expr) {
	cl, ok := e.(*ast.CompositeLit)
	if !ok {
		return
	}
	if id, ok := cl.Type.(*ast.Ident); ok && p.structs[id.Name] != nil {
		p.events[id.Name] = true
	}
}

// collectReturns records the literals body returns where fn's result is a
// tea.Msg (not descending into function literals, which have their own
// results).
func (p eventPackage) collectReturns(fn *ast.FuncType, body *ast.BlockStmt) {
	if fn.Results == nil {
		return
	}
	var msgAt []bool
	for _, r := range fn.Results.List {
		n := max(len(r.Names), 1)
		for range n {
			msgAt = append(msgAt, isTeaName(r.Type, "Msg"))
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != len(msgAt) {
				return true
			}
			for i, r := range n.Results {
				if msgAt[i] {
					p.addLiteral(r)
				}
			}
		}
		return true
	})
}

// collectReads records the package's struct types that fn's body asserts
// a tea.Msg parameter to: the events a state helper applies.
func (p eventPackage) collectReads(fn *ast.FuncType, body *ast.BlockStmt) {
	params := map[string]bool{}
	for _, f := range fn.Params.List {
		if isTeaName(f.Type, "Msg") {
			for _, n := range f.Names {
				params[n.Name] = true
			}
		}
	}
	if len(params) == 0 {
		return
	}
	add := func(e ast.Expr) {
		if id, ok := e.(*ast.Ident); ok && p.structs[id.Name] != nil {
			p.events[id.Name] = true
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			if x, ok := n.X.(*ast.Ident); ok && params[x.Name] {
				add(n.Type)
			}
		case *ast.TypeSwitchStmt:
			var x ast.Expr
			switch a := n.Assign.(type) {
			case *ast.AssignStmt:
				x = a.Rhs[0]
			case *ast.ExprStmt:
				x = a.X
			}
			ta, ok := x.(*ast.TypeAssertExpr)
			if !ok {
				return true
			}
			if id, ok := ta.X.(*ast.Ident); !ok || !params[id.Name] {
				return true
			}
			for _, c := range n.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					add(e)
				}
			}
		}
		return true
	})
}

// pastParticiple matches the verb an event's name ends with.
var pastParticiple = regexp.MustCompile(`^([A-Z][a-z]+)*([A-Z][a-z]+ed|Chosen|Shown|Hidden|Drawn)$`)

// textFamily begins the names of the events the text fields (TextInput,
// PasswordField, TextArea) share.
const textFamily = "Text"

// eventNameProblem says how name breaks the rule, or "" when it keeps it.
func eventNameProblem(name string, widgets map[string]bool) string {
	prefix := ""
	for w := range widgets {
		if strings.HasPrefix(name, w) && len(w) > len(prefix) {
			prefix = w
		}
	}
	if prefix == "" && strings.HasPrefix(name, textFamily) {
		prefix = textFamily
	}
	if prefix == "" {
		return "does not begin with the name of a widget (or Text, for the text fields' events)"
	}
	if rest := name[len(prefix):]; !pastParticiple.MatchString(rest) {
		return "does not end, after " + prefix + ", with what happened as a past participle (Selected, Chosen, Changed, ...)"
	}
	return ""
}

func TestEventNameRule(t *testing.T) {
	widgets := map[string]bool{"Table": true, "SelectList": true, "Tabs": true, "Tree": true}
	tests := []struct {
		name string
		ok   bool
	}{
		{"TableRowSelected", true},
		{"TableSorted", true},
		{"SelectListChosen", true},
		{"TabsSelected", true},
		{"TextSubmitted", true},
		{"TreeNodeSelected", true},
		{"RowSelected", false},
		{"SelectionChanged", false},
		{"Chosen", false},
		{"TabSelected", false},
		{"TableTick", false},
		{"TableMsg", false},
		{"Table", false},
		{"TreeOpen", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := eventNameProblem(tt.name, widgets); (got == "") != tt.ok {
				t.Errorf("eventNameProblem(%q) = %q, want ok %v", tt.name, got, tt.ok)
			}
		})
	}
}

// TestEventsFollowTheNamingRule checks the rule of the package doc over
// every event the widgets package sends or applies, found in its source, so
// a new event that breaks the rule fails here.
func TestEventsFollowTheNamingRule(t *testing.T) {
	p := parseEvents(t, ".")
	// The finder must still find the events there are: a sample of each
	// way one is sent or read.
	for _, want := range []string{
		"CheckboxToggled",  // returned as a tea.Msg by a method
		"TableSorted",      // in tea.Write
		"SpinnerTicked",    // returned by a command's function literal
		"ProgressChanged",  // only applied by its state
		"ModalHighlighted", // applied by its state
		"TextCursorMoved", "MenuChosen", "TreeExpanded", "BubbleReceived",
	} {
		if !p.events[want] {
			t.Errorf("the finder missed event %s; found %v", want, slices.Sorted(maps.Keys(p.events)))
		}
	}
	if len(p.widgets) < 10 {
		t.Fatalf("found widgets %v, want every type with a WidgetKind method", slices.Sorted(maps.Keys(p.widgets)))
	}
	fieldTypes := map[string]string{} // field name -> type, across events
	fieldOwner := map[string]string{}
	for _, name := range slices.Sorted(maps.Keys(p.events)) {
		if problem := eventNameProblem(name, p.widgets); problem != "" {
			t.Errorf("event %s %s", name, problem)
		}
		fields := p.structs[name].Fields.List
		if len(fields) == 0 || len(fields[0].Names) != 1 || fields[0].Names[0].Name != "ID" || typeString(fields[0].Type) != "string" {
			t.Errorf("event %s: the first field is not ID string (the id of the widget that sent it)", name)
		}
		for _, f := range fields {
			for _, n := range f.Names {
				typ := typeString(f.Type)
				if n.Name == "Value" {
					continue // the widget's own value: a string, a float, ...
				}
				if prev, ok := fieldTypes[n.Name]; ok && prev != typ {
					t.Errorf("event %s: field %s is %s, but %s's %s is %s: one name, one meaning", name, n.Name, typ, fieldOwner[n.Name], n.Name, prev)
				}
				fieldTypes[n.Name], fieldOwner[n.Name] = typ, name
			}
		}
	}
}

// typeString prints a field's type expression.
func typeString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return typeString(e.X) + "." + e.Sel.Name
	case *ast.ArrayType:
		return "[]" + typeString(e.Elt)
	case *ast.StarExpr:
		return "*" + typeString(e.X)
	}
	return "?"
}
