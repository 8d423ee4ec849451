import HubViewer

print("hub-viewer")
