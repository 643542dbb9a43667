package config

import (
	"errors"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/lorekit/lore/internal/hosts/profiles"
)

// hosts reads hosts: a list of target names, or a mapping of targets and
// profiles.
func (p *parser) hosts(cfg *Config, v *yaml.Node) error {
	cfg.Hosts.Line = cfg.Lines["hosts"]
	if v.Kind != yaml.MappingNode {
		return p.hostNames(v, &cfg.Hosts.Targets, "hosts must be a list of host names (claude-code, codex, …) or a mapping of targets and profiles")
	}
	return p.mapping(v, hostsKeys, func(key string, _, hv *yaml.Node) error {
		if key == "targets" {
			return p.hostNames(hv, &cfg.Hosts.Targets, "hosts: targets must be a list of host names (or one name)")
		}
		return p.mapping(hv, nil, func(name string, k, pv *yaml.Node) error {
			o := profiles.Override{Name: name, Node: pv, Line: k.Line}
			if err := profiles.Check(o); err != nil {
				return p.profileError(err)
			}
			cfg.Hosts.Overrides = append(cfg.Hosts.Overrides, o)
			return nil
		})
	})
}

func (p *parser) hostNames(n *yaml.Node, dst *[]string, must string) error {
	if err := p.list(n, dst, must); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, h := range *dst {
		if seen[h] {
			return p.errf(n, "hosts lists %q twice: keep one", h)
		}
		seen[h] = true
	}
	return nil
}

// resolveHosts applies the profile overrides and checks that every target
// names a profile.
func (p *parser) resolveHosts(cfg *Config) error {
	ps, err := profiles.Resolve(cfg.Hosts.Overrides)
	if err != nil {
		return p.profileError(err)
	}
	cfg.Hosts.Profiles = ps
	for _, t := range cfg.Hosts.Targets {
		if cfg.Hosts.Profile(t) == nil {
			var names []string
			for _, pr := range ps {
				names = append(names, pr.Name)
			}
			msg := fmt.Sprintf("hosts: unknown host %q; known hosts: %s", t, strings.Join(names, ", "))
			if s := Closest(t, names); s != "" {
				msg = fmt.Sprintf("hosts: unknown host %q: did you mean %q?", t, s)
			}
			return &Error{File: p.file, Line: cfg.Hosts.Line, Col: 1, Msg: msg + " (a host of your own goes under hosts.profiles)"}
		}
	}
	return nil
}

func (p *parser) profileError(err error) error {
	var pe *profiles.Error
	if errors.As(err, &pe) {
		return &Error{File: p.file, Line: pe.Line, Col: max(pe.Col, 1), Msg: pe.Msg}
	}
	return &Error{File: p.file, Msg: err.Error()}
}
