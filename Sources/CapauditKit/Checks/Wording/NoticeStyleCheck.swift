/// WRD006: a capture notice in a style that blocks the person (an alert).
struct NoticeStyleCheck: Check {
    static let name = "notice-style"

    let styles: Set<String>

    static let parameters = [ParameterSpec("styles", .list(.name(.values(of: NoticeStyle.self, noun: "notice style"))), required: true)]

    init(parameters: CheckParameters) {
        styles = Set(parameters.strings("styles"))
    }

    func evaluate(_ context: EvaluationContext) -> [Emission] {
        var notices: [(NoticeStyle, Location)] = []
        if let notice = context.manifest.capture.notice { notices.append((notice.style, notice.styleLocation)) }
        for screen in context.manifest.screens {
            for notice in screen.notices where notice.when == .capture { notices.append((notice.style, notice.styleLocation)) }
        }
        return notices.filter { styles.contains($0.0.rawValue) }.map { style, location in
            let path = location.path
            let dot = path.lastIndex(of: ".")
            let parent = dot.map { String(path[..<$0]) } ?? ""
            return Emission(
                location: location, arguments: ["style": style.rawValue],
                fixes: context.fixes { [ManifestFix("show the notice as a banner, so that the person can keep working while they read it", [.set("style", to: .name(NoticeStyle.banner.rawValue), at: parent)])] })
        }
    }
}
