import Foundation

/// The documents of the templates rows in the loading section: the same view of a bakery's
/// products, written out and written with a template (`docs/json.md`, "Templates"). Each row is what
/// a shop's list holds: a title, a price, an accessory, an icon, a link, its logging and a style;
/// only the name, the price and the identifier differ from row to row.
enum TemplatedRowsDocument {
    /// The view with every row written out.
    static func writtenOut(count: Int) -> Data {
        document(count: count, templates: nil) { number in
            let id = identifier(number)
            return #"{"id":"\#(id)","component":{"id":"default:row","category":"row"},"#
                + #""text":{"title":"\#(name(number))","subtitle":"\#(price(number))","accessory":"Order"},"#
                + #""images":{"icon":"album"},"target":{"uri":"hub-demo:bakery/\#(id)","actions":["default:select"]},"#
                + #""logging":{"item":"\#(id)","list":"bakery"},"custom":{"style":"compact"}}"#
        }
    }

    /// The same view, each row an instance of one template.
    static func templated(count: Int) -> Data {
        let template = #"{"product":{"component":{"id":"default:row","category":"row"},"#
            + #""text":{"$title":"name","$subtitle":"price","accessory":"Order"},"images":{"icon":"album"},"#
            + #""target":{"$uri":"hub-demo:bakery/{id}","actions":["default:select"]},"#
            + #""logging":{"$item":"id","list":"bakery"},"custom":{"style":"compact"}}}"#
        return document(count: count, templates: template) { number in
            let id = identifier(number)
            return #"{"template":"product","id":"\#(id)","name":"\#(name(number))","price":"\#(price(number))"}"#
        }
    }

    private static func identifier(_ number: Int) -> String { "p\(number)" }
    private static func name(_ number: Int) -> String { "Croissant \(number)" }
    private static func price(_ number: Int) -> String { "\(1 + number % 7).\(10 + number % 90) €" }

    private static func document(count: Int, templates: String?, row: (Int) -> String) -> Data {
        var text = #"{"title":"Bakery","#
        if let templates { text += #""templates":\#(templates),"# }
        text += #""body":["# + "\n"
        for number in 1...count {
            text += row(number)
            text += number == count ? "\n" : ",\n"
        }
        text += "]}\n"
        return Data(text.utf8)
    }
}
