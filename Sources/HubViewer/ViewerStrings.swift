import HubGTK

/// The viewer's own strings (its demo features' titles, rows, prompts and messages) in the user's
/// language: `localized("Message")`, `localized("Hello %s", name)`,
/// `localized.plural("%d row", "%d rows", count: n)`. They share the framework's catalogue
/// (``TextDomain/framework``), so `xgettext` collects them with the framework's messages.
let localized = TextDomain.framework
