import CapauditKit
import JSON
import Testing
import YAML

/// The JSON parser against RFC 8259, case by case: the JSONTestSuite families (y_ accepted, n_
/// rejected, and a decision for each i_ one), every rejection with its exact byte offset.
@Suite struct JSONParserTests {
    struct Accepted: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var expected: JSONValue
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ expected: JSONValue) {
            self.init(name, bytes: Array(text.utf8), expected)
        }

        init(_ name: String, bytes: [UInt8], _ expected: JSONValue) {
            self.name = name
            self.bytes = bytes
            self.expected = expected
        }
    }

    struct Rejected: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var offset: Int
        var message: String
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ offset: Int, _ message: String) {
            self.init(name, bytes: Array(text.utf8), offset, message)
        }

        init(_ name: String, bytes: [UInt8], _ offset: Int, _ message: String) {
            self.name = name
            self.bytes = bytes
            self.offset = offset
            self.message = message
        }
    }

    static func raw(_ prefix: String, _ middle: [UInt8], _ suffix: String) -> [UInt8] {
        Array(prefix.utf8) + middle + Array(suffix.utf8)
    }

    /// A one-scalar string, for the noncharacters a Swift literal may not spell.
    static func scalar(_ value: UInt32) -> String {
        Unicode.Scalar(value).map { String($0) } ?? ""
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    static func failure(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONParser.Failure? {
        switch Result(catching: { () throws(JSONParser.Failure) in try JSONParser.parse(bytes, maxDepth: maxDepth) }) {
        case .success: return nil
        case .failure(let failure): return failure
        }
    }

    /// Equal case by case, unlike `==`: an integer is not a double, -0.0 is not 0.0, and object
    /// members keep their order.
    static func identical(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.number(let a), .number(let b)): return a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { identical($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0.unicodeScalars.elementsEqual($1.0.unicodeScalars) && identical($0.1, $1.1) }
        default: return false
        }
    }

    static func nested(_ depth: Int) -> [UInt8] {
        Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    }

    static let accepted: [Accepted] = [
        // Arrays and structure.
        Accepted("array_arraysWithSpaces", "[[]   ]", .array([.array([])])),
        Accepted("array_empty-string", "[\"\"]", .array([.string("")])),
        Accepted("array_empty", "[]", .array([])),
        Accepted("array_ending_with_newline", "[\"a\"]\n", .array([.string("a")])),
        Accepted("array_false", "[false]", .array([.bool(false)])),
        Accepted("array_heterogeneous", "[null, 1, \"1\", {}]", .array([.null, .integer(1), .string("1"), .object([])])),
        Accepted("array_with_1_and_newline", "[1\n]", .array([.integer(1)])),
        Accepted("array_with_leading_space", " [1]", .array([.integer(1)])),
        Accepted("array_with_several_null", "[1,null,null,null,2]", .array([.integer(1), .null, .null, .null, .integer(2)])),
        Accepted("array_with_trailing_space", "[2] ", .array([.integer(2)])),
        Accepted("structure_whitespace_array", " \t\r\n[ \t\r\n] \t\r\n", .array([])),
        Accepted("structure_true_in_array", "[true]", .array([.bool(true)])),
        Accepted("structure_lonely_false", "false", .bool(false)),
        Accepted("structure_lonely_true", "true", .bool(true)),
        Accepted("structure_lonely_null", "null", .null),
        Accepted("structure_lonely_int", "42", .integer(42)),
        Accepted("structure_lonely_negative_real", "-0.1", .number(-0.1)),
        Accepted("structure_lonely_string", "\"asd\"", .string("asd")),
        Accepted("structure_string_empty", "\"\"", .string("")),
        Accepted("structure_trailing_newline", "[\"a\"]\n", .array([.string("a")])),
        // Numbers: integer literals that fit Int stay integers; everything else is a Double.
        Accepted("number", "[123e65]", .array([.number(123e65)])),
        Accepted("number_0e+1", "[0e+1]", .array([.number(0)])),
        Accepted("number_0e1", "[0e1]", .array([.number(0)])),
        Accepted("number_after_space", "[ 4]", .array([.integer(4)])),
        Accepted("number_double_close_to_zero", "[-0.000000000000000000000000000000000000000000000000000000000000000000000000000001]", .array([.number(-1e-78)])),
        Accepted("number_int_with_exp", "[20e1]", .array([.number(200)])),
        Accepted("number_minus_zero", "[-0]", .array([.integer(0)])),
        Accepted("number_negative_zero_real", "[-0.0]", .array([.number(-0.0)])),
        Accepted("number_negative_int", "[-123]", .array([.integer(-123)])),
        Accepted("number_negative_one", "[-1]", .array([.integer(-1)])),
        Accepted("number_real_capital_e", "[1E22]", .array([.number(1e22)])),
        Accepted("number_real_capital_e_neg_exp", "[1E-2]", .array([.number(0.01)])),
        Accepted("number_real_capital_e_pos_exp", "[1E+2]", .array([.number(100)])),
        Accepted("number_real_exponent", "[123e45]", .array([.number(123e45)])),
        Accepted("number_real_fraction_exponent", "[123.456e78]", .array([.number(123.456e78)])),
        Accepted("number_real_neg_exp", "[1e-2]", .array([.number(0.01)])),
        Accepted("number_real_pos_exponent", "[1e+2]", .array([.number(100)])),
        Accepted("number_simple_int", "[123]", .array([.integer(123)])),
        Accepted("number_simple_real", "[123.456789]", .array([.number(123.456789)])),
        Accepted("number_one_point_zero_is_a_double", "1.0", .number(1)),
        Accepted("number_int_max", "9223372036854775807", .integer(Int.max)),
        Accepted("number_int_min", "-9223372036854775808", .integer(Int.min)),
        Accepted("number_above_int_max", "9223372036854775808", .number(9.223372036854775808e18)),
        Accepted("number_below_int_min", "-9223372036854775809", .number(-9.223372036854775809e18)),
        Accepted("number_1e30_in_digits", "1000000000000000000000000000000", .number(1e30)),
        Accepted("number_1e30", "1e30", .number(1e30)),
        Accepted("i_number_too_big_pos_int", "[100000000000000000000]", .array([.number(1e20)])),
        Accepted("i_number_very_big_negative_int", "[-237462374673276894279832749832423479823246327846]", .array([.number(-2.37462374673276894279832749832423479823246327846e47)])),
        Accepted("i_number_real_underflow", "[123e-10000000]", .array([.number(0)])),
        Accepted("number_smallest_subnormal", "5e-324", .number(.leastNonzeroMagnitude)),
        Accepted("number_largest_double", "1.7976931348623157e308", .number(.greatestFiniteMagnitude)),
        // Objects; a repeated key keeps both members in order.
        Accepted("object", "{\"asd\":\"sdf\", \"dfg\":\"fgh\"}", .object([("asd", .string("sdf")), ("dfg", .string("fgh"))])),
        Accepted("object_basic", "{\"asd\":\"sdf\"}", .object([("asd", .string("sdf"))])),
        Accepted("object_duplicated_key", "{\"a\":\"b\",\"a\":\"c\"}", .object([("a", .string("b")), ("a", .string("c"))])),
        Accepted("object_duplicated_key_and_value", "{\"a\":\"b\",\"a\":\"b\"}", .object([("a", .string("b")), ("a", .string("b"))])),
        Accepted("object_empty", "{}", .object([])),
        Accepted("object_empty_key", "{\"\":0}", .object([("", .integer(0))])),
        Accepted("object_escaped_null_in_key", "{\"foo\\u0000bar\": 42}", .object([("foo\u{0}bar", .integer(42))])),
        Accepted("object_extreme_numbers", "{ \"min\": -1.0e+28, \"max\": 1.0e+28 }", .object([("min", .number(-1e28)), ("max", .number(1e28))])),
        Accepted("object_simple", "{\"a\":[]}", .object([("a", .array([]))])),
        Accepted("object_string_unicode", "{\"title\":\"\\u041f\\u043e\\u043b\\u0442\\u043e\\u0440\\u0430 \\u0417\\u0435\\u043c\\u043b\\u0435\\u043a\\u043e\\u043f\\u0430\" }",
            .object([("title", .string("Полтора Землекопа"))])),
        Accepted("object_with_newlines", "{\n\"a\": \"b\"\n}", .object([("a", .string("b"))])),
        Accepted("object_nested", "{\"a\":{\"b\":[1,{\"c\":null}]},\"d\":true}",
            .object([("a", .object([("b", .array([.integer(1), .object([("c", .null)])]))])), ("d", .bool(true))])),
        // Strings and escapes.
        Accepted("string_1_2_3_bytes_UTF-8_sequences", "[\"\\u0060\\u012a\\u12AB\"]", .array([.string("\u{60}\u{12A}\u{12AB}")])),
        Accepted("string_accepted_surrogate_pair", "[\"\\uD801\\udc37\"]", .array([.string("\u{10437}")])),
        Accepted("string_accepted_surrogate_pairs", "[\"\\ud83d\\ude39\\ud83d\\udc8d\"]", .array([.string("\u{1F639}\u{1F48D}")])),
        Accepted("string_allowed_escapes", "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"]", .array([.string("\"\\/\u{8}\u{C}\n\r\t")])),
        Accepted("string_backslash_and_u_escaped_zero", "[\"\\\\u0000\"]", .array([.string("\\u0000")])),
        Accepted("string_backslash_doublequotes", "[\"\\\"\"]", .array([.string("\"")])),
        Accepted("string_comments", "[\"a/*b*/c/*d//e\"]", .array([.string("a/*b*/c/*d//e")])),
        Accepted("string_double_escape_a", "[\"\\\\a\"]", .array([.string("\\a")])),
        Accepted("string_double_escape_n", "[\"\\\\n\"]", .array([.string("\\n")])),
        Accepted("string_escaped_control_character", "[\"\\u0012\"]", .array([.string("\u{12}")])),
        Accepted("string_escaped_noncharacter", "[\"\\uFFFF\"]", .array([.string(scalar(0xFFFF))])),
        Accepted("string_in_array_with_leading_space", "[ \"asd\"]", .array([.string("asd")])),
        Accepted("string_last_surrogates_1_and_2", "[\"\\uDBFF\\uDFFF\"]", .array([.string(scalar(0x10FFFF))])),
        Accepted("string_nbsp_uescaped", "[\"new\\u00A0line\"]", .array([.string("new\u{A0}line")])),
        Accepted("string_nonCharacterInUTF-8_U+10FFFF", "[\"" + scalar(0x10FFFF) + "\"]", .array([.string(scalar(0x10FFFF))])),
        Accepted("string_nonCharacterInUTF-8_U+FFFF", "[\"" + scalar(0xFFFF) + "\"]", .array([.string(scalar(0xFFFF))])),
        Accepted("string_null_escape", "[\"\\u0000\"]", .array([.string("\u{0}")])),
        Accepted("string_one-byte-utf-8", "[\"\\u002c\"]", .array([.string(",")])),
        Accepted("string_pi", "[\"\u{3C0}\"]", .array([.string("\u{3C0}")])),
        Accepted("string_reservedCharacterInUTF-8_U+1BFFF", "[\"" + scalar(0x1BFFF) + "\"]", .array([.string(scalar(0x1BFFF))])),
        Accepted("string_space", "\" \"", .string(" ")),
        Accepted("string_surrogates_U+1D11E_MUSICAL_SYMBOL_G_CLEF", "[\"\\uD834\\uDd1e\"]", .array([.string("\u{1D11E}")])),
        Accepted("string_three-byte-utf-8", "[\"\\u0821\"]", .array([.string("\u{821}")])),
        Accepted("string_two-byte-utf-8", "[\"\\u0123\"]", .array([.string("\u{123}")])),
        Accepted("string_u+2028_line_sep", "[\"\u{2028}\"]", .array([.string("\u{2028}")])),
        Accepted("string_u+2029_par_sep", "[\"\u{2029}\"]", .array([.string("\u{2029}")])),
        Accepted("string_uEscape", "[\"\\u0061\\u30af\\u30EA\\u30b9\"]", .array([.string("a\u{30AF}\u{30EA}\u{30B9}")])),
        Accepted("string_uescaped_newline", "[\"new\\u000Aline\"]", .array([.string("new\nline")])),
        Accepted("string_unescaped_char_delete", "[\"\u{7F}\"]", .array([.string("\u{7F}")])),
        Accepted("string_unicodeEscapedBackslash", "[\"\\u005C\"]", .array([.string("\\")])),
        Accepted("string_unicode_U+10FFFE_nonchar", "[\"\\uDBFF\\uDFFE\"]", .array([.string(scalar(0x10FFFE))])),
        Accepted("string_unicode_U+FDD0_nonchar", "[\"\\uFDD0\"]", .array([.string(scalar(0xFDD0))])),
        Accepted("string_unicode_U+FFFE_nonchar", "[\"\\uFFFE\"]", .array([.string(scalar(0xFFFE))])),
        Accepted("string_unicode_escaped_double_quote", "[\"\\u0022\"]", .array([.string("\"")])),
        Accepted("string_utf8", "[\"\u{20AC}\u{1D11E}\"]", .array([.string("\u{20AC}\u{1D11E}")])),
        Accepted("string_four_byte_at_the_end", "\"\u{1F600}\"", .string("\u{1F600}")),
        Accepted("string_combining_marks_kept_as_written", "\"e\u{301}\"", .string("e\u{301}")),
        // A UTF-8 byte order mark at the very start is skipped (i_structure_UTF-8_BOM_empty_object).
        Accepted("i_structure_UTF-8_BOM_empty_object", bytes: byteOrderMark + Array("{}".utf8), .object([])),
        Accepted("i_structure_500_nested_arrays", bytes: nested(500), .array([])),
    ]

    @Test(arguments: accepted)
    func acceptsValidJSON(_ sample: Accepted) throws {
        if sample.name == "i_structure_500_nested_arrays" {
            var value = try JSONParser.parse(sample.bytes)
            var depth = 0
            while case .array(let items) = value, let first = items.first {
                value = first
                depth += 1
            }
            #expect(depth == 499, "499 arrays around the innermost empty one")
            return
        }
        let value = try JSONParser.parse(sample.bytes)
        #expect(Self.identical(value, sample.expected), "got \(value)")
    }

    static let rejected: [Rejected] = [
        // Arrays.
        Rejected("array_1_true_without_comma", "[1 true]", 3, "expected `,` or `]` after an array element, found `t`"),
        Rejected("array_a_invalid_utf8", bytes: raw("[a", [0xE5], "]"), 1, "after `[`, found `a`"),
        Rejected("array_colon_instead_of_comma", "[\"\": 1]", 3, "expected `,` or `]` after an array element, found `:`"),
        Rejected("array_comma_after_close", "[\"\"],", 4, "expected the end of the text after the JSON value, found `,`"),
        Rejected("array_comma_and_number", "[,1]", 1,
            "expected a JSON value (object, array, string, number, `true`, `false` or `null`) after `[`, found `,`"),
        Rejected("array_double_comma", "[1,,2]", 3, "after `,`, found `,`"),
        Rejected("array_double_extra_comma", "[\"x\",,]", 5, "after `,`, found `,`"),
        Rejected("array_extra_close", "[\"x\"]]", 5, "expected the end of the text after the JSON value, found `]`"),
        Rejected("array_extra_comma", "[\"\",]", 4, "after `,`, found `]`; JSON allows no trailing comma"),
        Rejected("array_incomplete", "[\"x\"", 4, "expected `,` or `]` after an array element, found the end of the text"),
        Rejected("array_incomplete_invalid_value", "[x", 1, "found `x`"),
        Rejected("array_inner_array_no_comma", "[3[4]]", 2, "expected `,` or `]` after an array element, found `[`"),
        Rejected("array_invalid_utf8", bytes: raw("[", [0xFF], "]"), 1, "found byte 0xFF"),
        Rejected("array_items_separated_by_semicolon", "[1:2]", 2, "found `:`"),
        Rejected("array_just_comma", "[,]", 1, "after `[`, found `,`"),
        Rejected("array_just_minus", "[-]", 2, "expected a digit after `-`, found `]`"),
        Rejected("array_missing_value", "[   , \"\"]", 4, "after `[`, found `,`"),
        Rejected("array_newlines_unclosed", "[\"a\",\n4\n,1,", 11, "after `,`, found the end of the text"),
        Rejected("array_number_and_several_commas", "[1,,]", 3, "after `,`, found `,`"),
        Rejected("array_spaces_vertical_tab_formfeed", bytes: raw("[\"", [0x0B], "a\"\\f]"), 2,
            "a control character (U+000B) cannot appear raw in a JSON string; write it as `\\u000B`"),
        Rejected("array_star_inside", "[*]", 1, "found `*`"),
        Rejected("array_unclosed", "[\"\"", 3, "expected `,` or `]` after an array element, found the end of the text"),
        Rejected("array_unclosed_trailing_comma", "[1,", 3, "after `,`, found the end of the text"),
        Rejected("array_unclosed_with_new_lines", "[1,\n1\n,1", 8, "expected `,` or `]` after an array element, found the end of the text"),
        Rejected("array_unclosed_with_object_inside", "[{}", 3, "expected `,` or `]` after an array element, found the end of the text"),
        Rejected("incomplete_false", "[fals]", 1, "expected `false`, found `fals`"),
        Rejected("incomplete_null", "[nul]", 1, "expected `null`, found `nul`"),
        Rejected("incomplete_true", "[tru]", 1, "expected `true`, found `tru`"),
        Rejected("object_bad_value", "[\"x\", truth]", 6, "expected `true`, found `truth`"),
        Rejected("multidigit_number_then_00", bytes: raw("123", [0x00], ""), 3, "expected the end of the text after the JSON value, found byte 0x00"),
        // Numbers.
        Rejected("number_++", "[++1234]", 1, "found `+`; a JSON number starts with a digit or `-`"),
        Rejected("number_+1", "[+1]", 1, "found `+`; a JSON number starts with a digit or `-`"),
        Rejected("number_+Inf", "[+Inf]", 1, "found `+`"),
        Rejected("number_-01", "[-01]", 2, "a JSON number cannot have a leading zero: after `0` expected `.`, `e` or the end of the number"),
        Rejected("number_-1.0.", "[-1.0.]", 5, "expected `,` or `]` after an array element, found `.`"),
        Rejected("number_-2.", "[-2.]", 4, "expected a digit after the decimal point, found `]`"),
        Rejected("number_-NaN", "[-NaN]", 2, "expected a digit after `-`, found `N`; NaN and Infinity are not JSON numbers"),
        Rejected("number_.-1", "[.-1]", 1, "found `.`; a JSON number needs a digit before `.`"),
        Rejected("number_.2e-3", "[.2e-3]", 1, "a JSON number needs a digit before `.`"),
        Rejected("number_0.1.2", "[0.1.2]", 4, "expected `,` or `]` after an array element, found `.`"),
        Rejected("number_0.3e+", "[0.3e+]", 6, "expected a digit in the exponent, found `]`"),
        Rejected("number_0.3e", "[0.3e]", 5, "expected a digit in the exponent, found `]`"),
        Rejected("number_0.e1", "[0.e1]", 3, "expected a digit after the decimal point, found `e`"),
        Rejected("number_0_capital_E+", "[0E+]", 4, "expected a digit in the exponent"),
        Rejected("number_0_capital_E", "[0E]", 3, "expected a digit in the exponent"),
        Rejected("number_0e+", "[0e+]", 4, "expected a digit in the exponent"),
        Rejected("number_0e", "[0e]", 3, "expected a digit in the exponent"),
        Rejected("number_1.0e+", "[1.0e+]", 6, "expected a digit in the exponent"),
        Rejected("number_1.0e-", "[1.0e-]", 6, "expected a digit in the exponent"),
        Rejected("number_1.0e", "[1.0e]", 5, "expected a digit in the exponent"),
        Rejected("number_1_000", "[1 000.0]", 3, "expected `,` or `]` after an array element, found `0`"),
        Rejected("number_1eE2", "[1eE2]", 3, "expected a digit in the exponent, found `E`"),
        Rejected("number_2.e+3", "[2.e+3]", 3, "expected a digit after the decimal point, found `e`"),
        Rejected("number_2.e-3", "[2.e-3]", 3, "expected a digit after the decimal point"),
        Rejected("number_2.e3", "[2.e3]", 3, "expected a digit after the decimal point"),
        Rejected("number_9.e+", "[9.e+]", 3, "expected a digit after the decimal point"),
        Rejected("number_Inf", "[Inf]", 1, "found `I`"),
        Rejected("number_NaN", "[NaN]", 1, "found `N`; NaN and Infinity are not JSON numbers"),
        Rejected("number_U+FF11_fullwidth_digit_one", "[\u{FF11}]", 1, "found byte 0xEF"),
        Rejected("number_expression", "[1+2]", 2, "found `+`"),
        Rejected("number_hex_1_digit", "[0x1]", 2, "found `x`"),
        Rejected("number_hex_2_digits", "[0x42]", 2, "found `x`"),
        Rejected("number_infinity", "[Infinity]", 1, "NaN and Infinity are not JSON numbers"),
        Rejected("number_invalid+-", "[0e+-1]", 4, "expected a digit in the exponent, found `-`"),
        Rejected("number_invalid-negative-real", "[-123.123foo]", 9, "found `f`"),
        Rejected("number_invalid-utf-8-in-bigger-int", bytes: raw("[123", [0xE5], "]"), 4, "found byte 0xE5"),
        Rejected("number_invalid-utf-8-in-exponent", bytes: raw("[1e1", [0xE5], "]"), 4, "found byte 0xE5"),
        Rejected("number_invalid-utf-8-in-int", bytes: raw("[0", [0xE5], "]"), 2, "found byte 0xE5"),
        Rejected("number_minus_infinity", "[-Infinity]", 2, "NaN and Infinity are not JSON numbers"),
        Rejected("number_minus_sign_with_trailing_garbage", "[-foo]", 2, "expected a digit after `-`, found `f`"),
        Rejected("number_minus_space_1", "[- 1]", 2, "expected a digit after `-`, found a space"),
        Rejected("number_neg_int_starting_with_zero", "[-012]", 2, "leading zero"),
        Rejected("number_neg_real_without_int_part", "[-.123]", 2, "expected a digit after `-`, found `.`"),
        Rejected("number_neg_with_garbage_at_end", "[-1x]", 3, "found `x`"),
        Rejected("number_real_garbage_after_e", "[1ea]", 3, "expected a digit in the exponent, found `a`"),
        Rejected("number_real_with_invalid_utf8_after_e", bytes: raw("[1e", [0xE5], "]"), 3, "expected a digit in the exponent, found byte 0xE5"),
        Rejected("number_real_without_fractional_part", "[1.]", 3, "expected a digit after the decimal point, found `]`"),
        Rejected("number_starting_with_dot", "[.123]", 1, "needs a digit before `.`"),
        Rejected("number_with_alpha", "[1.2a-3]", 4, "found `a`"),
        Rejected("number_with_alpha_char", "[1.8011670033376514H-308]", 19, "found `H`"),
        Rejected("number_with_leading_zero", "[012]", 1, "leading zero"),
        // Numbers beyond Double (i_ cases: decided as errors, never infinity).
        Rejected("i_number_double_huge_neg_exp_overflow", "[1.5e+9999]", 1, "number too large"),
        Rejected("i_number_neg_int_huge_exp", "[-1e+9999]", 1, "number too large"),
        Rejected("i_number_huge_exp", "[0.4e00669999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999969999999006]", 1, "number too large"),
        Rejected("i_number_real_pos_overflow", "[123123e100000]", 1, "number too large"),
        Rejected("i_number_real_neg_overflow", "[-123123e100000]", 1, "number too large"),
        Rejected("number_just_above_double", "1.8e308", 0, "number too large"),
        Rejected("number_too_large_in_digits", String(repeating: "9", count: 310), 0, "number too large"),
        // Objects.
        Rejected("object_bracket_key", "{[: \"x\"}", 1, "expected a key in double quotes after `{`, found `[`"),
        Rejected("object_comma_instead_of_colon", "{\"x\", null}", 4, "expected `:` after the object key, found `,`"),
        Rejected("object_double_colon", "{\"x\"::\"b\"}", 5, "after `:`, found `:`"),
        Rejected("object_emoji", "{\u{1F1E8}\u{1F1ED}}", 1, "found byte 0xF0"),
        Rejected("object_garbage_at_end", "{\"a\":\"a\" 123}", 9, "expected `,` or `}` after an object member, found `1`"),
        Rejected("object_key_with_single_quotes", "{key: 'value'}", 1, "expected a key in double quotes after `{`, found `k`"),
        Rejected("object_lone_continuation_byte_in_key_and_trailing_comma", bytes: raw("{\"", [0xB9], "\":\"0\",}"), 2,
            "invalid UTF-8 in a string (byte 0xB9 does not start a valid sequence); save the file as UTF-8"),
        Rejected("object_missing_colon", "{\"a\" b}", 5, "expected `:` after the object key, found `b`"),
        Rejected("object_missing_key", "{:\"b\"}", 1, "found `:`"),
        Rejected("object_missing_semicolon", "{\"a\" \"b\"}", 5, "expected `:` after the object key, found `\"`"),
        Rejected("object_missing_value", "{\"a\":", 5, "after `:`, found the end of the text"),
        Rejected("object_no-colon", "{\"a\"", 4, "expected `:` after the object key, found the end of the text"),
        Rejected("object_non_string_key", "{1:1}", 1, "expected a key in double quotes after `{`, found `1`"),
        Rejected("object_non_string_key_but_huge_number_instead", "{9999E9999:1}", 1, "found `9`"),
        Rejected("object_repeated_null_null", "{null:null,null:null}", 1, "found `n`"),
        Rejected("object_several_trailing_commas", "{\"id\":0,,,,,}", 8, "expected a key in double quotes after `,`, found `,`"),
        Rejected("object_single_quote", "{'a':0}", 1, "found `'`; JSON strings take double quotes"),
        Rejected("object_trailing_comma", "{\"id\":0,}", 8, "expected a key in double quotes after `,`, found `}`; JSON allows no trailing comma"),
        Rejected("object_trailing_comment", "{\"a\":\"b\"}/**/", 9, "expected the end of the text after the JSON value, found `/`; JSON has no comments"),
        Rejected("object_trailing_comment_open", "{\"a\":\"b\"}/**//", 9, "JSON has no comments"),
        Rejected("object_trailing_comment_slash_open", "{\"a\":\"b\"}//", 9, "JSON has no comments"),
        Rejected("object_trailing_comment_slash_open_incomplete", "{\"a\":\"b\"}/", 9, "JSON has no comments"),
        Rejected("object_two_commas_in_a_row", "{\"a\":\"b\",,\"c\":\"d\"}", 9, "after `,`, found `,`"),
        Rejected("object_unquoted_key", "{a: \"b\"}", 1, "found `a`"),
        Rejected("object_unterminated-value", "{\"a\":\"a", 5, "the string that starts here is never closed: expected `\"` before the end of the text"),
        Rejected("object_with_single_string", "{ \"foo\" : \"bar\", \"a\" }", 21, "expected `:` after the object key, found `}`"),
        Rejected("object_with_trailing_garbage", "{\"a\":\"b\"}#", 9, "found `#`"),
        Rejected("single_space", " ", 1, "expected a JSON value at the start of the text, found the end of the text"),
        // Strings.
        Rejected("string_1_surrogate_then_escape", "[\"\\uD800\\\"]", 2,
            "`\\uD800` is the first half of a surrogate pair but no `\\uDC00`-`\\uDFFF` escape follows it; write the pair or the character itself"),
        Rejected("string_1_surrogate_then_escape_u", "[\"\\uD800\\u\"]", 8, "expected four hex digits after `\\u`, found `\"`"),
        Rejected("string_1_surrogate_then_escape_u1", "[\"\\uD800\\u1\"]", 8, "expected four hex digits after `\\u`, found `\"`"),
        Rejected("string_1_surrogate_then_escape_u1x", "[\"\\uD800\\u1x\"]", 8, "expected four hex digits after `\\u`, found `x`"),
        Rejected("string_accentuated_char_no_quotes", "[\u{E9}]", 1, "found byte 0xC3"),
        Rejected("string_backslash_00", bytes: raw("[\"\\", [0x00], "\"]"), 2, "invalid escape `\\` followed by byte 0x00; JSON escapes are"),
        Rejected("string_escape_x", "[\"\\x00\"]", 2, "invalid escape `\\` followed by `x`"),
        Rejected("string_escaped_backslash_bad", "[\"\\\\\\\"]", 1, "the string that starts here is never closed"),
        Rejected("string_escaped_ctrl_char_tab", bytes: raw("[\"\\", [0x09], "\"]"), 2, "invalid escape `\\` followed by byte 0x09"),
        Rejected("string_escaped_emoji", "[\"\\\u{1F300}\"]", 2, "invalid escape `\\` followed by byte 0xF0"),
        Rejected("string_incomplete_escape", "[\"\\\"]", 1, "never closed"),
        Rejected("string_incomplete_escaped_character", "[\"\\u00A\"]", 2, "expected four hex digits after `\\u`, found `\"`"),
        Rejected("string_incomplete_surrogate", "[\"\\uD834\\uDd\"]", 8, "expected four hex digits after `\\u`"),
        Rejected("string_incomplete_surrogate_escape_invalid", "[\"\\uD800\\uD800\\x\"]", 2, "`\\uD800` is the first half of a surrogate pair"),
        Rejected("string_invalid-utf-8-in-escape", bytes: raw("[\"\\u", [0xE5], "\"]"), 2, "expected four hex digits after `\\u`, found byte 0xE5"),
        Rejected("string_invalid_backslash_esc", "[\"\\a\"]", 2, "invalid escape `\\` followed by `a`"),
        Rejected("string_invalid_unicode_escape", "[\"\\uqqqq\"]", 2, "expected four hex digits after `\\u`, found `q`"),
        Rejected("string_invalid_utf8_after_escape", bytes: raw("[\"\\", [0xE5], "\"]"), 2, "followed by byte 0xE5"),
        Rejected("string_leading_uescaped_thinspace", "[\\u0020\"asd\"]", 1, "found `\\`"),
        Rejected("string_no_quotes_with_bad_escape", "[\\n]", 1, "found `\\`"),
        Rejected("string_single_doublequote", "\"", 0, "never closed"),
        Rejected("string_single_quote", "['single quote']", 1, "JSON strings take double quotes"),
        Rejected("string_single_string_no_double_quotes", "abc", 0, "at the start of the text, found `a`"),
        Rejected("string_start_escape_unclosed", "[\"\\", 2, "expected an escape character after `\\`, found the end of the text"),
        Rejected("string_unescaped_ctrl_char", bytes: raw("[\"a", [0x00], "a\"]"), 3, "a control character (U+0000) cannot appear raw in a JSON string; write it as `\\u0000`"),
        Rejected("string_unescaped_newline", "[\"new\nline\"]", 5, "a control character (U+000A) cannot appear raw in a JSON string; write it as `\\n`"),
        Rejected("string_unescaped_tab", "[\"\t\"]", 2, "write it as `\\t`"),
        Rejected("string_unicode_CapitalU", "\"\\UA66D\"", 1, "invalid escape `\\` followed by `U`"),
        Rejected("string_with_trailing_garbage", "\"\"x", 2, "expected the end of the text after the JSON value, found `x`"),
        // Unpaired surrogates (i_ cases: decided as errors).
        Rejected("brief_high_surrogate_then_A", "\"\\uD800\\u0041\"", 1,
            "`\\uD800` is the first half of a surrogate pair but no `\\uDC00`-`\\uDFFF` escape follows it; write the pair or the character itself"),
        Rejected("i_string_1st_surrogate_but_2nd_missing", "[\"\\uDADA\"]", 2, "`\\uDADA` is the first half of a surrogate pair"),
        Rejected("i_string_1st_valid_surrogate_2nd_invalid", "[\"\\uD888\\u1234\"]", 2, "`\\uD888` is the first half of a surrogate pair"),
        Rejected("i_string_incomplete_surrogate_and_escape_valid", "[\"\\uD800\\n\"]", 2, "`\\uD800` is the first half"),
        Rejected("i_string_incomplete_surrogate_pair", "[\"\\uDd1ea\"]", 2,
            "`\\uDd1e` is the second half of a surrogate pair without a `\\uD800`-`\\uDBFF` escape before it; write the pair or the character itself"),
        Rejected("i_string_inverted_surrogates_U+1D11E", "[\"\\uDd1e\\uD834\"]", 2, "`\\uDd1e` is the second half of a surrogate pair"),
        Rejected("i_string_lone_second_surrogate", "[\"\\uDFAA\"]", 2, "second half of a surrogate pair"),
        Rejected("i_object_key_lone_2nd_surrogate", "{\"\\uDFAA\":0}", 2, "second half of a surrogate pair"),
        Rejected("i_string_invalid_surrogate", "[\"\\ud800abc\"]", 2, "`\\ud800` is the first half"),
        // Invalid UTF-8 (i_ cases: decided as errors).
        Rejected("i_string_UTF-8_invalid_sequence", bytes: raw("[\"\u{65E5}\u{0448}", [0xFA], "\"]"), 7, "invalid UTF-8 in a string (byte 0xFA"),
        Rejected("i_string_UTF8_surrogate_U+D800", bytes: raw("[\"", [0xED, 0xA0, 0x80], "\"]"), 2, "byte 0xED does not start a valid sequence"),
        Rejected("i_string_invalid_utf-8", bytes: raw("[\"", [0xFF], "\"]"), 2, "invalid UTF-8"),
        Rejected("i_string_iso_latin_1", bytes: raw("[\"", [0xE9], "\"]"), 2, "invalid UTF-8"),
        Rejected("i_string_lone_utf8_continuation_byte", bytes: raw("[\"", [0x81], "\"]"), 2, "invalid UTF-8"),
        Rejected("i_string_not_in_unicode_range", bytes: raw("[\"", [0xF4, 0xBF, 0xBF, 0xBF], "\"]"), 2, "invalid UTF-8"),
        Rejected("i_string_overlong_sequence_2_bytes", bytes: raw("[\"", [0xC0, 0xAF], "\"]"), 2, "invalid UTF-8"),
        Rejected("i_string_overlong_sequence_3_bytes", bytes: raw("[\"", [0xE0, 0x80, 0xAF], "\"]"), 2, "invalid UTF-8"),
        Rejected("i_string_overlong_sequence_4_bytes", bytes: raw("[\"", [0xF0, 0x80, 0x80, 0xAF], "\"]"), 2, "invalid UTF-8"),
        Rejected("i_string_overlong_sequence_6_bytes", bytes: raw("[\"", [0xFC, 0x83, 0xBF, 0xBF, 0xBF, 0xBF], "\"]"), 2, "invalid UTF-8"),
        Rejected("i_string_truncated-utf-8", bytes: raw("[\"", [0xE0, 0xFF], "\"]"), 2, "invalid UTF-8"),
        Rejected("string_utf8_truncated_by_the_end", bytes: raw("[\"", [0xE6, 0x97], ""), 2, "invalid UTF-8"),
        Rejected("i_string_UTF-16LE_with_BOM", bytes: [0xFF, 0xFE, 0x5B, 0x00], 0, "found byte 0xFF"),
        Rejected("i_string_utf16BE_no_BOM", bytes: [0x00, 0x5B, 0x00, 0x22], 0, "found byte 0x00"),
        Rejected("i_string_utf16LE_no_BOM", bytes: [0x5B, 0x00, 0x22, 0x00], 1, "found byte 0x00"),
        // Structure.
        Rejected("structure_100000_opening_arrays", String(repeating: "[", count: 100_000), 512,
            "arrays and objects nest deeper than 512 levels, the limit; flatten the data"),
        Rejected("structure_100000_opening_objects", String(repeating: "{\"a\":", count: 100_000), 512 * 5, "nest deeper than 512 levels"),
        Rejected("structure_513_nested_arrays", String(decoding: nested(513), as: UTF8.self), 512, "nest deeper than 512 levels"),
        Rejected("structure_U+2060_word_joined", "[\u{2060}]", 1, "found byte 0xE2"),
        Rejected("structure_UTF8_BOM_no_data", bytes: byteOrderMark, 3, "at the start of the text, found the end of the text"),
        Rejected("structure_two_BOMs", bytes: byteOrderMark + byteOrderMark + Array("1".utf8), 3, "found byte 0xEF"),
        Rejected("structure_BOM_after_the_value", bytes: Array("[1]".utf8) + byteOrderMark, 3, "expected the end of the text after the JSON value, found byte 0xEF"),
        Rejected("structure_BOM_counts_in_offsets", bytes: byteOrderMark + Array("[1,]".utf8), 6, "JSON allows no trailing comma"),
        Rejected("structure_angle_bracket_.", "<.>", 0, "found `<`"),
        Rejected("structure_angle_bracket_null", "[<null>]", 1, "found `<`"),
        Rejected("structure_array_trailing_garbage", "[1]x", 3, "found `x`"),
        Rejected("structure_array_with_extra_array_close", "[1]]", 3, "found `]`"),
        Rejected("structure_array_with_unclosed_string", "[\"asd]", 1, "never closed"),
        Rejected("structure_ascii-unicode-identifier", "a\u{E5}", 0, "found `a`"),
        Rejected("structure_capitalized_True", "[True]", 1, "found `T`"),
        Rejected("structure_close_unopened_array", "1]", 1, "expected the end of the text after the JSON value, found `]`"),
        Rejected("structure_comma_instead_of_closing_brace", "{\"x\": true,", 11, "expected a key in double quotes after `,`, found the end of the text"),
        Rejected("structure_double_array", "[][]", 2, "found `[`"),
        Rejected("structure_end_array", "]", 0, "found `]`"),
        Rejected("structure_incomplete_UTF8_BOM", bytes: [0xEF, 0xBB] + Array("{}".utf8), 0, "found byte 0xEF"),
        Rejected("structure_lone-invalid-utf-8", bytes: [0xE5], 0, "found byte 0xE5"),
        Rejected("structure_lone-open-bracket", "[", 1, "after `[`, found the end of the text"),
        Rejected("structure_no_data", "", 0, "at the start of the text, found the end of the text"),
        Rejected("structure_null-byte-outside-string", bytes: raw("[", [0x00], "]"), 1, "found byte 0x00"),
        Rejected("structure_number_with_trailing_garbage", "2@", 1, "found `@`"),
        Rejected("structure_object_followed_by_closing_object", "{}}", 2, "found `}`"),
        Rejected("structure_object_unclosed_no_value", "{\"\":", 4, "after `:`, found the end of the text"),
        Rejected("structure_object_with_comment", "{\"a\":/*comment*/\"b\"}", 5, "found `/`; JSON has no comments"),
        Rejected("structure_object_with_trailing_garbage", "{\"a\": true} \"x\"", 12, "found `\"`"),
        Rejected("structure_open_array_apostrophe", "['", 1, "JSON strings take double quotes"),
        Rejected("structure_open_array_comma", "[,", 1, "found `,`"),
        Rejected("structure_open_array_open_object", "[{", 2, "expected a key in double quotes after `{`, found the end of the text"),
        Rejected("structure_open_array_open_string", "[\"a", 1, "never closed"),
        Rejected("structure_open_array_string", "[\"a\"", 4, "found the end of the text"),
        Rejected("structure_open_object", "{", 1, "expected a key in double quotes after `{`, found the end of the text"),
        Rejected("structure_open_object_close_array", "{]", 1, "found `]`"),
        Rejected("structure_open_object_comma", "{,", 1, "found `,`"),
        Rejected("structure_open_object_open_array", "{[", 1, "found `[`"),
        Rejected("structure_open_object_open_string", "{\"a", 1, "never closed"),
        Rejected("structure_open_object_string_with_apostrophes", "{'a'", 1, "JSON strings take double quotes"),
        Rejected("structure_open_open", "[\"\\{[\"\\{[\"\\{[\"\\{", 2, "invalid escape `\\` followed by `{`"),
        Rejected("structure_single_eacute", bytes: [0xE9], 0, "found byte 0xE9"),
        Rejected("structure_single_star", "*", 0, "found `*`"),
        Rejected("structure_trailing_#", "{\"a\":\"b\"}#{}", 9, "found `#`"),
        Rejected("structure_uescaped_LF_before_string", "[\\u000A\"\"]", 1, "found `\\`"),
        Rejected("structure_unclosed_array", "[1", 2, "expected `,` or `]` after an array element, found the end of the text"),
        Rejected("structure_unclosed_array_partial_null", "[ false, nul", 9, "expected `null`, found `nul`"),
        Rejected("structure_unclosed_array_unfinished_false", "[ true, fals", 8, "expected `false`, found `fals`"),
        Rejected("structure_unclosed_array_unfinished_true", "[ false, tru", 9, "expected `true`, found `tru`"),
        Rejected("structure_unclosed_object", "{\"asd\":\"asd\"", 12, "expected `,` or `}` after an object member, found the end of the text"),
        Rejected("structure_unicode-identifier", "\u{E5}", 0, "found byte 0xC3"),
        Rejected("structure_whitespace_U+2060_word_joiner", "[\u{2060}]", 1, "found byte 0xE2"),
        Rejected("structure_whitespace_formfeed", "[\u{C}]", 1, "found byte 0x0C"),
        Rejected("structure_whitespace_no_break_space", "\u{A0}1", 0, "found byte 0xC2"),
        Rejected("structure_whitespace_vertical_tab", "1\u{B}", 1, "found byte 0x0B"),
    ]

    @Test(arguments: rejected)
    func rejectsWhatRFC8259Rejects(_ sample: Rejected) throws {
        let failure = try #require(Self.failure(sample.bytes), "accepted")
        #expect(failure.offset == sample.offset, "\(failure.message)")
        #expect(failure.message.contains(sample.message), "message: \(failure.message)")
        #expect(!failure.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "a message never carries a control character")
    }

    @Test func theBriefsCrashIsALocatedErrorInsideAFile() throws {
        let bytes = Array("{\n  \"findings\": [\"\\uD800\\u0041\"]\n}\n".utf8)
        let failure = try #require(Self.failure(bytes))
        #expect(failure.offset == 18)
        let position = SourceLines(bytes).position(ofByte: failure.offset)
        #expect((position.line, position.column) == (2, 17))
        #expect(failure.description.hasSuffix("at byte 18"))
    }

    @Test func nestingIsLimitedAndTheLimitCanBeSet() throws {
        let limit = JSONParser.defaultMaxDepth
        #expect(limit == YAMLLimits.default.maxDepth)
        var value = try JSONParser.parse(Self.nested(limit))
        var depth = 1
        while case .array(let items) = value, let first = items.first {
            value = first
            depth += 1
        }
        #expect(depth == limit)
        #expect(Self.failure(Self.nested(limit + 1))?.offset == limit)
        #expect(Self.failure(Self.nested(3), maxDepth: 2)?.offset == 2)
        #expect(Self.failure(Self.nested(2), maxDepth: 2) == nil)
        #expect(Self.failure(Array("{\"a\":{\"b\":[{}]}}".utf8), maxDepth: 3)?.offset == 11)
    }

    @Test func aRepeatedKeyKeepsBothMembersAndLookupsAnswerTheLast() throws {
        let bytes = Array("{\"a\":1,\"a\":2}".utf8)
        let value = try JSONParser.parse(bytes)
        #expect(Self.identical(value, .object([("a", .integer(1)), ("a", .integer(2))])))
        #expect(value["a"] == .integer(2))
        let node = try JSONParser.parseNode(bytes)
        #expect(node["a"]?.offset == 11)
        guard case .object(let members) = node.content else {
            Issue.record("not an object: \(node.content)")
            return
        }
        #expect(members.map(\.keyOffset) == [1, 7])
    }

    @Test func nodesKnowWhereEachValueAndKeyStarts() throws {
        let node = try JSONParser.parseNode(Array("{\"a\": [1, {\"b\": null}], \"c\": \"x\"}".utf8))
        #expect(node.offset == 0)
        #expect(node["a"]?.offset == 6)
        guard case .array(let items)? = node["a"]?.content else {
            Issue.record("`a` is not an array")
            return
        }
        #expect(items.map(\.offset) == [7, 10])
        #expect(items.last?["b"]?.offset == 16)
        #expect(node["c"]?.offset == 29)
        #expect(node["missing"] == nil)
        #expect(node.value == .object([("a", .array([.integer(1), .object([("b", .null)])])), ("c", .string("x"))]))
        let afterMark = try JSONParser.parseNode(Self.byteOrderMark + Array("{\"k\": 1}".utf8))
        #expect(afterMark.offset == 3, "offsets count the byte order mark, as the file does")
        #expect(afterMark["k"]?.offset == 9)
    }

    @Test func anErrorOffsetBecomesLineAndColumn() throws {
        let bytes = Array("{\n  \"a\": [1,\n  ]\n}".utf8)
        let failure = try #require(Self.failure(bytes))
        let position = SourceLines(bytes).position(ofByte: failure.offset)
        #expect((position.line, position.column) == (3, 3))
        #expect(failure.message == "expected a JSON value (object, array, string, number, `true`, `false` or `null`) after `,`, found `]`; JSON allows no trailing comma")
    }

    @Test func textAndBytesParseAlike() throws {
        let text = "{\"name\": \"Zo\u{EB} \u{1F600}\", \"n\": [1, 2.5, -3e2, true, null]}"
        #expect(Self.identical(try JSONParser.parse(text), try JSONParser.parse(Array(text.utf8))))
    }

    @Test func aStreamIsValuesSeparatedByWhiteSpace() throws {
        let values = try JSONParser.parseStream("1 [2]\n{\"a\":3}\t\"x\"")
        #expect(values.count == 4)
        #expect(Self.identical(.array(values), .array([.integer(1), .array([.integer(2)]), .object([("a", .integer(3))]), .string("x")])))
        #expect(try JSONParser.parseStream(" \n").isEmpty)
        let failure = Result { () throws(JSONParser.Failure) in try JSONParser.parseStream("[1] [2,]") }
        guard case .failure(let error) = failure else {
            Issue.record("a trailing comma in a stream was accepted")
            return
        }
        #expect(error.offset == 7)
    }

    @Test func writtenValuesReadBackTheSame() throws {
        let value: JSONValue = .object([
            ("text", .string("quote \" backslash \\ slash / controls \u{0}\u{1F}\u{7F}\u{85} separators \u{2028}\u{2029} emoji \u{1F600} e\u{301}")),
            ("integers", .array([.integer(0), .integer(-1), .integer(Int.max), .integer(Int.min)])),
            ("doubles", .array([.number(1.5), .number(-2.25e-7), .number(1e300), .number(.leastNonzeroMagnitude)])),
            ("flags", .array([.bool(true), .bool(false), .null])),
            ("", .object([("a", .integer(1)), ("a", .integer(2))])),
            ("empty", .array([.array([]), .object([])])),
        ])
        for pretty in [true, false] {
            let text = JSONWriter(pretty: pretty).string(value)
            #expect(Self.identical(try JSONParser.parse(text), value), "\(text)")
        }
    }
}
