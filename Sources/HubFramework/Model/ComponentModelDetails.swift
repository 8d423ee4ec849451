/// The parts of a ``ComponentModel`` that most rows leave empty: group, accessory and description
/// texts, images, icon, target and the free-form data. A model holds them in one object of this
/// kind, and only when it has any of them, because together they are about 430 bytes of inline
/// values (an image data alone is 128) that a list of plain rows would otherwise pay for every row.
final class ComponentModelDetails: Sendable {
    let groupIdentifier: String?
    let accessoryTitle: String?
    let descriptionText: String?
    let mainImageData: ComponentImageData?
    let backgroundImageData: ComponentImageData?
    let customImageData: [String: ComponentImageData]
    let icon: Icon?
    let target: ComponentTarget?
    let metadata: JSONObject?
    let loggingData: JSONObject?
    let customData: JSONObject?
    /// What depends on the view's state (``ComponentBindings``).
    let bindings: ComponentBindings?
    /// An input's state (``ComponentModel/input``).
    let input: InputState?
    /// Whether the component's action cannot run now (``ComponentModel/isEnabled``).
    let isDisabled: Bool
    /// Whether the component's request is in flight (``ComponentModel/isBusy``).
    let isBusy: Bool

    /// Nil when every part is empty: the model then needs no details.
    init?(groupIdentifier: String?, accessoryTitle: String?, descriptionText: String?,
          mainImageData: ComponentImageData?, backgroundImageData: ComponentImageData?,
          customImageData: [String: ComponentImageData], icon: Icon?, target: ComponentTarget?,
          metadata: JSONObject?, loggingData: JSONObject?, customData: JSONObject?,
          bindings: ComponentBindings? = nil, input: InputState? = nil, isDisabled: Bool = false,
          isBusy: Bool = false)
    {
        if groupIdentifier == nil && accessoryTitle == nil && descriptionText == nil && mainImageData == nil
            && backgroundImageData == nil && customImageData.isEmpty && icon == nil && target == nil
            && metadata == nil && loggingData == nil && customData == nil && bindings == nil && input == nil
            && !isDisabled && !isBusy
        {
            return nil
        }
        self.groupIdentifier = groupIdentifier
        self.accessoryTitle = accessoryTitle
        self.descriptionText = descriptionText
        self.mainImageData = mainImageData
        self.backgroundImageData = backgroundImageData
        self.customImageData = customImageData
        self.icon = icon
        self.target = target
        self.metadata = metadata
        self.loggingData = loggingData
        self.customData = customData
        self.bindings = bindings
        self.input = input
        self.isDisabled = isDisabled
        self.isBusy = isBusy
    }
}
