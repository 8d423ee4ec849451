// What an app built on the shell needs, with one `import HubApp`: the toolkit-free core (features,
// content operations, models, JSON) and the GTK layer (components, widgets, the view controller).
@_exported import HubFramework
@_exported import HubGTK
