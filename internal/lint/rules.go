package lint

// Rules returns every rule, in the order of the rule reference.
func Rules() []*Rule {
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
		fileUnreadable, fileEncoding, fileTooLarge, fileTooComplex, fileSymlinkLoop, fileOutsideRoot, fileName,
		lintUnknownRule, lintFloor,
		securityHiddenUnicode, securityHiddenInstruction, securityInjection, securitySecret, securityRemoteExec,
		securityEncodedPayload, securityRemoteRef,
	}
}
