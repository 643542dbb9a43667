package lint

// Rules returns a copy of every rule, in the order of the rule reference:
// changing one changes nothing in the registry.
func Rules() []*Rule {
	rs := registry()
	out := make([]*Rule, len(rs))
	for i, r := range rs {
		c := *r
		out[i] = &c
	}
	return out
}

// Lookup returns a copy of the rule with id, or nil.
func Lookup(id string) *Rule {
	if r := lookup(id); r != nil {
		c := *r
		return &c
	}
	return nil
}

// lookup returns the registered rule with id, or nil.
func lookup(id string) *Rule {
	for _, r := range registry() {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// registry returns the registered rules, in the order of the rule
// reference. Only this package sees them; they are never changed.
func registry() []*Rule {
	return []*Rule{
		headerNotYAML, headerUnterminated, headerDuplicateKey, headerEmptyValue, headerUnknownKey,
		headerMissing, headerMissingTriggers, headerMissingSummary, headerUnknownAudience, headerAudienceMarker, headerUnknownTool,
		headerTooManyTriggers, headerSummaryTooLong, headerLineTooLong,
		sizeGoal, sizeSplit, sizeHardLimit, sizeOverview, sizeFragment,
		splitTopics, splitSelfReferences, splitAPIReference,
		overviewOnlyRoutes,
		refUnknownManual, refProseReference, refBrokenLink, refDuplicate, refShadowed, refHiddenShadow,
		triggersOverlap,
		structureTitle, structureKindManual,
		skillName, skillDescription, skillYAML, skillBodySize, skillUnknownKey,
		promptHookTrigger, promptTemplate, promptFragmentSize, promptFragmentEngine, promptBudget, promptAttention,
		promptCacheOrder, promptLiteralPerTurn, promptUnreachableBlock, promptGuardrailInherit, promptGuardrailOverride, promptToolGrant,
		promptUnknownRole, promptUnknownBlock,
		promptLayer, promptLock, promptDisabledFloor, promptDisabledStale,
		manualLockRule,
		fileUnreadable, fileEncoding, fileTooLarge, fileTooComplex, fileSymlinkLoop, fileOutsideRoot, fileName, fileCaseClash,
		lintUnknownRule, lintFloor,
		securityHiddenUnicode, securityHiddenInstruction, securityInjection, securitySecret, securityRemoteExec, securityBackdoor,
		securityEncodedPayload, securityRemoteRef, securityExfilImage, securityUncheckedLanguage, securityActiveSVG, securityOpaqueFile,
		hostListingBudget, hostDescriptionCut, hostChainLimit, hostIgnoredField, hostName,
	}
}
