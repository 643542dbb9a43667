package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// actionFile is the composite GitHub Action at the repository root.
type actionFile struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	Author      string `yaml:"author"`
	Branding    struct {
		Icon  string `yaml:"icon"`
		Color string `yaml:"color"`
	} `yaml:"branding"`
	Inputs map[string]struct {
		Description string  `yaml:"description"`
		Required    bool    `yaml:"required"`
		Default     *string `yaml:"default"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Description string `yaml:"description"`
		Value       string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

type actionStep struct {
	Name             string            `yaml:"name"`
	ID               string            `yaml:"id"`
	Uses             string            `yaml:"uses"`
	Run              string            `yaml:"run"`
	Shell            string            `yaml:"shell"`
	If               string            `yaml:"if"`
	WorkingDirectory string            `yaml:"working-directory"`
	Env              map[string]string `yaml:"env"`
	With             map[string]string `yaml:"with"`
}

func loadAction(t *testing.T) *actionFile {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a actionFile
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(&a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	return &a
}

// TestActionStructure: action.yml is a composite action with a name, a
// description, documented inputs (version, locked) and steps that each
// run with a shell or use an action; it installs lore at the action's own
// ref, lints with --format github and writes a job summary.
func TestActionStructure(t *testing.T) {
	a := loadAction(t)
	if a.Name == "" || a.Description == "" {
		t.Errorf("name %q, description %q: both are required", a.Name, a.Description)
	}
	if a.Runs.Using != "composite" {
		t.Errorf("runs.using = %q, want composite", a.Runs.Using)
	}
	for _, in := range []string{"version", "locked", "allow-outside"} {
		if _, ok := a.Inputs[in]; !ok {
			t.Errorf("no input %q", in)
		}
	}
	for name, in := range a.Inputs {
		if in.Description == "" {
			t.Errorf("input %q has no description", name)
		}
		if !in.Required && in.Default == nil {
			t.Errorf("optional input %q has no default", name)
		}
	}
	if d := a.Inputs["locked"].Default; d == nil || (*d != "false" && *d != "true") {
		t.Errorf("input locked: default %v, want true or false", d)
	}
	if d := a.Inputs["allow-outside"].Default; d == nil || *d != "false" {
		t.Errorf("input allow-outside: default %v, want false (the CI owner opts in)", d)
	}
	var all strings.Builder
	ids := map[string]bool{}
	for i, s := range a.Runs.Steps {
		if (s.Run == "") == (s.Uses == "") {
			t.Errorf("step %d (%s): needs exactly one of run and uses", i, s.Name)
		}
		if s.Run != "" && s.Shell == "" {
			t.Errorf("step %d (%s): a run step of a composite action needs shell", i, s.Name)
		}
		if s.ID != "" {
			if ids[s.ID] {
				t.Errorf("step id %q twice", s.ID)
			}
			ids[s.ID] = true
		}
		if strings.Contains(s.Run, "${{") {
			t.Errorf("step %d (%s): an expression inside run (pass it through env instead)", i, s.Name)
		}
		all.WriteString(s.Uses + "\n" + s.Run + "\n")
		for _, v := range s.Env {
			all.WriteString(v + "\n")
		}
	}
	text := all.String()
	for _, want := range []string{"actions/setup-go@", "go install", "github.com/lorekit/lore/cmd/lore@", "${{ github.action_ref }}", "${{ github.action_path }}",
		"${{ inputs.version }}", "lore lint --format github", "lore build --locked", "lore lint --format json", "GITHUB_STEP_SUMMARY", "lore diff --format markdown"} {
		if !strings.Contains(text, want) {
			t.Errorf("the steps lack %q", want)
		}
	}
	for _, o := range a.Outputs {
		if m := stepOutputRef.FindStringSubmatch(o.Value); m == nil || !ids[m[1]] {
			t.Errorf("output value %q names no step of the action", o.Value)
		}
	}
}

var (
	expression    = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)
	stepOutputRef = regexp.MustCompile(`^\$\{\{\s*steps\.([\w-]+)\.outputs\.([\w-]+)\s*\}\}$`)
)

// actionRun is the outcome of running the action's steps locally.
type actionRun struct {
	exit    int    // of the step that failed, or 0
	failed  string // that step's name
	log     string // every step's output
	summary string // $GITHUB_STEP_SUMMARY
	outputs map[string]map[string]string
}

// runAction runs the shell steps of action.yml in the project dir as a
// runner would (bash -eo pipefail, the GITHUB_* files), with the ${{ }}
// expressions replaced by the inputs given (or their defaults). The
// set-up and install steps are skipped: the lore on PATH is the one
// built for the test. It stops at the first step that fails.
func runAction(t *testing.T, a *actionFile, dir string, inputs map[string]string) actionRun {
	t.Helper()
	tmp := t.TempDir()
	summary := filepath.Join(tmp, "summary.md")
	r := actionRun{outputs: map[string]map[string]string{}}
	var log strings.Builder
	eval := func(s string) string {
		return expression.ReplaceAllStringFunc(s, func(m string) string {
			expr := expression.FindStringSubmatch(m)[1]
			switch {
			case expr == "github.action_ref":
				return "" // a local checkout of the action
			case strings.HasPrefix(expr, "github.event."):
				return inputs[expr] // the event's fields the test gives (none: not a pull request)
			case strings.HasPrefix(expr, "inputs."):
				name := strings.TrimPrefix(expr, "inputs.")
				if v, ok := inputs[name]; ok {
					return v
				}
				in, ok := a.Inputs[name]
				if !ok {
					t.Fatalf("%s: no such input", m)
				}
				if in.Default == nil {
					return ""
				}
				return *in.Default
			case strings.HasPrefix(expr, "steps."):
				parts := strings.Split(expr, ".")
				if len(parts) != 4 || parts[2] != "outputs" {
					t.Fatalf("%s: unknown expression", m)
				}
				return r.outputs[parts[1]][parts[3]]
			}
			t.Fatalf("%s: an expression the test does not know", m)
			return ""
		})
	}
	for i, s := range a.Runs.Steps {
		if s.Uses != "" || strings.Contains(s.Run, "go install") {
			continue
		}
		if s.If != "" {
			t.Fatalf("step %s: if conditions are not simulated; test the condition in the script", s.Name)
		}
		if s.Shell != "bash" {
			t.Fatalf("step %s: shell %q, the test runs bash", s.Name, s.Shell)
		}
		script := filepath.Join(tmp, "step"+string(rune('a'+i))+".sh")
		if err := os.WriteFile(script, []byte(s.Run), 0o644); err != nil {
			t.Fatal(err)
		}
		output := filepath.Join(tmp, "output"+string(rune('a'+i)))
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
		cmd.Dir = dir
		if s.WorkingDirectory != "" {
			cmd.Dir = filepath.Join(dir, eval(s.WorkingDirectory))
		}
		cmd.Env = append(os.Environ(), "GITHUB_OUTPUT="+output, "GITHUB_STEP_SUMMARY="+summary,
			"GITHUB_PATH="+filepath.Join(tmp, "path"), "RUNNER_TEMP="+tmp, "CI=true", "NO_COLOR=1")
		for k, v := range s.Env {
			cmd.Env = append(cmd.Env, k+"="+eval(v))
		}
		out, err := cmd.CombinedOutput()
		log.WriteString("== " + s.Name + "\n" + string(out))
		if s.ID != "" {
			r.outputs[s.ID] = readOutputs(t, output)
		}
		if err != nil {
			ee, ok := err.(*exec.ExitError)
			if !ok {
				t.Fatalf("step %s: %v", s.Name, err)
			}
			r.exit, r.failed = ee.ExitCode(), s.Name
			break
		}
	}
	r.log = log.String()
	if b, err := os.ReadFile(summary); err == nil {
		r.summary = string(b)
	}
	return r
}

// readOutputs parses a $GITHUB_OUTPUT file of name=value lines.
func readOutputs(t *testing.T, file string) map[string]string {
	out := map[string]string{}
	f, err := os.Open(file)
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), "=")
		if !ok {
			t.Fatalf("%s: line %q is not name=value", file, sc.Text())
		}
		out[k] = v
	}
	return out
}

// copyProject copies the example project at the repository root (its
// lore.yaml, locks, manuals, prompts and content) into a new folder.
func copyProject(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	for _, name := range []string{"lore.yaml", "prompts.lock", "manuals.lock", "manuals", "prompts", "content"} {
		src := filepath.Join("..", "..", name)
		if err := os.CopyFS(filepath.Join(dst, name), os.DirFS(src)); err != nil {
			b, rerr := os.ReadFile(src)
			if rerr != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dst, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dst
}

// needActionTools makes sure the action's tools are there: bash and jq
// from the machine (missing under CI=true fails, else skips; .ci/run
// installs jq), and this package's lore, built into the test's folder and
// put first on PATH for the steps runAction runs.
func needActionTools(t *testing.T) {
	for _, tool := range []string{"bash", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not on PATH: .ci/run installs it (GitHub's runners have it): %v", tool, err)
			}
			t.Skipf("%s is not on PATH (GitHub's runners have it): %v", tool, err)
		}
	}
	dir := t.TempDir()
	if out, err := exec.Command("go", "build", "-o", filepath.Join(dir, "lore"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// TestActionRunsOnExampleProject: on the example project, with locked:
// true, every step passes, the build writes the site and the summary says
// there are no findings and the bundles match the lock.
func TestActionRunsOnExampleProject(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the example project")
	}
	needActionTools(t)
	a := loadAction(t)
	dir := copyProject(t)
	r := runAction(t, a, dir, map[string]string{"locked": "true"})
	if r.exit != 0 {
		t.Fatalf("step %q exited with %d:\n%s", r.failed, r.exit, r.log)
	}
	if _, err := os.Stat(filepath.Join(dir, "public", "manifest.json")); err != nil {
		t.Errorf("the build wrote no manifest: %v\n%s", err, r.log)
	}
	for _, want := range []string{"## lore", " files linted: 0 errors, 0 warnings, 0 infos.", "No findings.", "every prompt bundle matches prompts.lock"} {
		if !strings.Contains(r.summary, want) {
			t.Errorf("the summary lacks %q:\n%s", want, r.summary)
		}
	}
	if r.outputs["lint"]["exit"] != "0" || r.outputs["build"]["exit"] != "0" {
		t.Errorf("outputs %v, want exit=0 of lint and build", r.outputs)
	}
}

// TestActionFailsOnFindings: a manual with an error fails the job with
// exit 1, after an annotation and a summary that counts findings by rule;
// the build is skipped with locked: false.
func TestActionFailsOnFindings(t *testing.T) {
	needActionTools(t)
	a := loadAction(t)
	dir := t.TempDir()
	for name, text := range map[string]string{
		"manuals/a.md": "---\ntriggers: alpha\nsummary: Alpha things.\n---\n# Alpha\n\nRead `manual_read('missing-one')` and `manual_read('missing-two')`.\n",
		"manuals/b.md": "---\ntriggers: beta\n---\n# Beta\n\nBeta things.\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := runAction(t, a, dir, nil)
	if r.exit != 1 || r.failed != "Result" {
		t.Fatalf("exit %d in step %q, want 1 in Result:\n%s", r.exit, r.failed, r.log)
	}
	for _, want := range []string{"::error file=manuals/a.md,line=7", "locked is false: lore build --locked skipped", "::error title=lore::lore lint exited with 1"} {
		if !strings.Contains(r.log, want) {
			t.Errorf("the log lacks %q:\n%s", want, r.log)
		}
	}
	for _, want := range []string{"2 files linted: 2 errors, 1 warning,", "| Rule | Severity | Findings |", "| `ref/unknown-manual` | error | 2 |", "| `header/missing-summary` | warning | 1 |"} {
		if !strings.Contains(r.summary, want) {
			t.Errorf("the summary lacks %q:\n%s", want, r.summary)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "public")); err == nil {
		t.Error("the build ran with locked: false")
	}
}

// TestActionInstallsItsOwnRef runs the install step with a stand-in go
// that records its commands: lore is built from the action's source,
// stamped with the ref the workflow pinned (github.action_ref, or the
// runner's _actions/OWNER/REPO/REF folder when the runner leaves the
// expression empty), and installed by module path only when the source
// is not at hand.
func TestActionInstallsItsOwnRef(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("bash is not on PATH: %v", err)
		}
		t.Skip("bash is not on PATH")
	}
	a := loadAction(t)
	var step *actionStep
	for i, s := range a.Runs.Steps {
		if strings.Contains(s.Run, "go install") {
			step = &a.Runs.Steps[i]
		}
	}
	if step == nil {
		t.Fatal("no install step")
	}
	for name, expr := range map[string]string{"ACTION_REF": "${{ github.action_ref }}", "ACTION_PATH": "${{ github.action_path }}", "VERSION": "${{ inputs.version }}"} {
		if step.Env[name] != expr {
			t.Fatalf("the install step's env %s = %q, want %q", name, step.Env[name], expr)
		}
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	stub := "#!/bin/sh\nif [ \"$1\" = env ]; then echo /gopath; exit 0; fi\necho \"$PWD $*\" >> \"$STUB_LOG\"\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	checkout := func(dir string) string {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module github.com/lorekit/lore\n\ngo 1.26.8\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	pinned := checkout(filepath.Join(tmp, "work", "_actions", "lorekit", "lore", "v1.2.0"))
	local := checkout(filepath.Join(tmp, "repo"))
	bare := filepath.Join(tmp, "work", "_actions", "lorekit", "lore", "v9")
	for _, c := range []struct{ name, ref, path, version, want string }{
		{"tag pinned, ref from the folder", "", pinned, "latest", pinned + " install -ldflags -X main.version=v1.2.0 ./cmd/lore"},
		{"commit pinned, ref from action_ref", "0123456789abcdef0123456789abcdef01234567", pinned, "latest",
			pinned + " install -ldflags -X main.version=0123456789abcdef0123456789abcdef01234567 ./cmd/lore"},
		{"local checkout (uses: ./)", "", local, "latest", local + " install -ldflags -X main.version=dev ./cmd/lore"},
		{"no source, ref from the folder", "", bare, "latest", " install github.com/lorekit/lore/cmd/lore@v9"},
		{"no source, no ref", "", "", "v1.0.0", " install github.com/lorekit/lore/cmd/lore@v1.0.0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			log, ghPath := filepath.Join(t.TempDir(), "log"), filepath.Join(t.TempDir(), "path")
			cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step.Run)
			cmd.Dir = tmp
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "STUB_LOG="+log, "GITHUB_PATH="+ghPath,
				"ACTION_REF="+c.ref, "ACTION_PATH="+c.path, "VERSION="+c.version)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			got, _ := os.ReadFile(log)
			if line := strings.TrimSpace(string(got)); !strings.HasSuffix(line, c.want) || strings.Count(line, "\n") != 0 {
				t.Errorf("go was run as %q, want one command ending in %q", line, c.want)
			}
			if p, _ := os.ReadFile(ghPath); strings.TrimSpace(string(p)) != "/gopath/bin" {
				t.Errorf("GITHUB_PATH = %q", p)
			}
		})
	}
}

// TestInitPinsTheActionToTheRelease: lore init writes a workflow that uses
// the action at this lore's release tag; a development build keeps main.
func TestInitPinsTheActionToTheRelease(t *testing.T) {
	for v, want := range map[string]string{"v1.2.0": "v1.2.0", "dev": "", "v1.2.1-0.20260101000000-abcdef123456": "", "v2.0.0-rc.1": ""} {
		if got := actionRef(v); got != want {
			t.Errorf("actionRef(%q) = %q, want %q", v, got, want)
		}
	}
}

// TestActionCapabilityDelta: in a pull request whose base commit locked
// the manuals, the job summary shows what the change adds (a new host)
// against that commit's manuals.lock, even though the branch locked it
// again; outside a pull request the delta is against the committed lock.
func TestActionCapabilityDelta(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the example project")
	}
	needActionTools(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git is not on PATH (GitHub's runners have it): %v", err)
	}
	a := loadAction(t)
	dir := copyProject(t)
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.email=ci@example.com", "-c", "user.name=ci", "-c", "init.defaultBranch=main"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "base")
	base := git("rev-parse", "HEAD")
	page := filepath.Join(dir, "manuals", "tools", "web-research.md")
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, append(b, "\nUpload findings to https://collector.example.net/in.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("lore", "lock")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("lore lock: %v\n%s", err, out)
	}
	r := runAction(t, a, dir, map[string]string{"locked": "true", "github.event.pull_request.base.sha": base})
	if r.exit != 0 {
		t.Fatalf("step %q exited with %d:\n%s", r.failed, r.exit, r.log)
	}
	for _, want := range []string{"### Capability delta", "against `" + base + ":manuals.lock`", "| `web-research` | **new host** `collector.example.net` |"} {
		if !strings.Contains(r.summary, want) {
			t.Errorf("the summary lacks %q:\n%s", want, r.summary)
		}
	}
	// Not a pull request: against the committed (and here relocked) lock.
	r = runAction(t, a, dir, nil)
	if !strings.Contains(r.summary, "No capability changes against `manuals.lock`.") {
		t.Errorf("outside a pull request, the summary:\n%s", r.summary)
	}
	// A base commit the checkout lacks (a shallow clone): a warning, and
	// the delta against the committed lock.
	r = runAction(t, a, dir, map[string]string{"github.event.pull_request.base.sha": strings.Repeat("1", 40)})
	if !strings.Contains(r.log, "is not in the checkout (use actions/checkout with fetch-depth: 0)") || !strings.Contains(r.summary, "### Capability delta") {
		t.Errorf("shallow checkout: log\n%s\nsummary\n%s", r.log, r.summary)
	}
}

// TestActionAllowOutside: a lore.yaml naming a manual root outside the
// project fails the job (the refusal, exit 2) unless the workflow sets
// allow-outside: true, which passes --allow-outside to every lore command
// (lint, the locked build, the summary); a value other than true or false
// fails the job.
func TestActionAllowOutside(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a project")
	}
	needActionTools(t)
	a := loadAction(t)
	write := func(dir string) {
		for name, text := range map[string]string{
			"proj/lore.yaml":     "manuals: [manuals, ../shared]\n",
			"proj/manuals/a.md":  "---\ntriggers: alpha, Alpha\nsummary: Alpha things.\n---\n# Alpha\n\nAlpha things.\n",
			"shared/b.md":        "---\ntriggers: beta, Beta\nsummary: Beta things.\n---\n# Beta\n\nBeta things.\n",
			"proj/prompts/.keep": "",
			"proj/content/.keep": "",
			"proj/theme/.keep":   "",
			"proj/manuals/.keep": "",
		} {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	dir := t.TempDir()
	write(dir)
	r := runAction(t, a, dir, map[string]string{"working-directory": "proj"})
	if r.exit != 2 || r.failed != "Result" || !strings.Contains(r.log, "lies outside the project folder") {
		t.Errorf("without allow-outside: exit %d in step %q, want the refusal and 2 in Result:\n%s", r.exit, r.failed, r.log)
	}
	dir = t.TempDir()
	write(dir)
	lock := exec.Command("lore", "lock", "--allow-outside")
	lock.Dir = filepath.Join(dir, "proj")
	if out, err := lock.CombinedOutput(); err != nil {
		t.Fatalf("lore lock --allow-outside: %v\n%s", err, out)
	}
	r = runAction(t, a, dir, map[string]string{"working-directory": "proj", "allow-outside": "true", "locked": "true"})
	if r.outputs["lint"]["exit"] != "0" || strings.Contains(r.log, "lies outside") {
		t.Errorf("allow-outside: true: lint exit %q:\n%s", r.outputs["lint"]["exit"], r.log)
	}
	if !strings.Contains(r.summary, "2 files linted") {
		t.Errorf("allow-outside: true: the summary does not count the outside manual:\n%s", r.summary)
	}
	if _, err := os.Stat(filepath.Join(dir, "proj", "public", "manifest.json")); err != nil {
		t.Errorf("allow-outside: true: the locked build wrote no manifest: %v\n%s", err, r.log)
	}
	r = runAction(t, a, t.TempDir(), map[string]string{"allow-outside": "yes"})
	if r.exit != 2 || !strings.Contains(r.log, `input allow-outside is "yes": use true or false`) {
		t.Errorf("allow-outside: yes: exit %d in step %q:\n%s", r.exit, r.failed, r.log)
	}
}
