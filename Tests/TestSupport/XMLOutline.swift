import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What an XML parser reads from a document: elements with their attributes and text, read by
/// the streaming parser (FoundationXML's `XMLDocument` with XPath leaks its node cache, which
/// LeakSanitizer reports in `scripts/sanitizers`).
public final class XMLOutline: NSObject, XMLParserDelegate {
    public struct Element {
        public var name: String
        public var attributes: [String: String]
        public var text = ""
    }

    public var elements: [Element] = []
    private var open: [Int] = []

    public func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes))
    }

    public func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    public func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    public static func parse(_ text: String) throws -> [Element] {
        let outline = XMLOutline()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = outline
        // A library target cannot import Testing (a release build has no such module): the
        // test that calls this fails on the error it throws.
        guard parser.parse() else {
            throw RunError(description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")\n\(text)")
        }
        return outline.elements
    }
}
