package lint

// Rules returns every rule, in the order of the rule reference.
func Rules() []*Rule {
	return []*Rule{
		headerNotYAML, headerUnterminated, headerDuplicateKey, headerEmptyValue, headerUnknownKey,
		headerMissing, headerMissingTriggers, headerMissingSummary, headerUnknownAudience, headerAudienceMarker, headerUnknownTool,
		sizeGoal, sizeSplit, sizeHardLimit, sizeOverview, sizeFragment,
		splitTopics, splitSelfReferences, splitAPIReference,
		overviewOnlyRoutes,
		refUnknownManual, refProseReference, refBrokenLink, refDuplicate, refShadowed,
		triggersOverlap,
		structureTitle, structureKindManual,
		skillName, skillDescription, skillYAML, skillBodySize, skillUnknownKey,
		promptHookTrigger, promptTemplate, promptFragmentSize, promptFragmentEngine, promptBudget, promptAttention,
		promptCacheOrder, promptUnreachableBlock, promptGuardrailInherit, promptUnknownRole, promptUnknownBlock,
		promptLayer, promptLock,
		fileUnreadable, fileEncoding, fileTooLarge, fileTooComplex, fileSymlinkLoop, fileName,
		lintUnknownRule,
		securityHiddenUnicode, securityHiddenInstruction, securityInjection, securitySecret, securityRemoteExec,
		securityEncodedPayload, securityRemoteRef,
	}
}
