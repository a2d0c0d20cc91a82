@testable import CapauditLSP
import TestSupport
import Testing

@Suite struct KindHoverTests {
    @Test func aDataKindsHoverCarriesItsDescription() {
        let lookup = PolicyLookup(policy: Manifests.policy)
        #expect(lookup.hover(word: "private-message") == """
            **private-message**: Private message (data kind, category `communication`)

            What a person writes or receives in a private chat or mail.
            """)
        #expect(lookup.hover(word: "cvv") == "**card-security-code**: Card security code (CVV, CVC) (data kind, category `credential`)\n\nAliases: `cvv`, `cvc`")
    }
}
