/// Every built-in check, by the name rules use. A plain list: a test asserts that every
/// check is used by a shipped rule and every shipped rule names a listed check.
enum CheckRegistry {
    static let all: [any Check.Type] = [
        ReportedByReaderCheck.self,
        ReportedBySuppressionCheck.self,
        CoverageCheck.self,
        WindowFlagCheck.self,
        OptOutCheck.self,
        FieldCheck.self,
        HintWordsCheck.self,
        DetectionInProtectCheck.self,
        CapturingSDKCheck.self,
        ActionPolicyCheck.self,
        HostedScreenCheck.self,
        GlanceSurfaceCheck.self,
        ActionHintCheck.self,
        SilentCaptureResponseCheck.self,
        BlanketLockdownCheck.self,
        PermissionForMechanismCheck.self,
        CallbackAPILevelCheck.self,
        MediaPermissionCheck.self,
        ProtectionAPILevelCheck.self,
        DetectorRequiredCheck.self,
        CaptureSignalCheck.self,
        AccessibilityExposureCheck.self,
        OverlayExposureCheck.self,
        SecureInputWindowCheck.self,
        OTPNotificationCheck.self,
        AssistantExposureCheck.self,
        ThirdPartyKeyboardCheck.self,
        DeprecatedMechanismCheck.self,
        FragileSecureLayerCheck.self,
        SoleMechanismCheck.self,
        LexiconCheck.self,
        ShoutingCheck.self,
        ExclamationCheck.self,
        NamesCaptureKindCheck.self,
        NoticeStyleCheck.self,
        NoticeClarityCheck.self,
        NoLexiconCheck.self,
        MechanismEvidenceCheck.self,
        BuildFactsCheck.self,
        ClearedProtectionCheck.self,
        UndeclaredMechanismCheck.self,
        CodeReferenceCheck.self,
        UnmappedScreenCheck.self,
    ]

    static func check(named name: String) -> (any Check.Type)? {
        all.first { $0.name == name }
    }

    static var names: [String] { all.map { $0.name } }
}
