#!/usr/bin/python3
"""A real UPnP control point (GUPnP 1.6 and GUPnP-AV through PyGObject; packages python3-gi, gir1.2-gupnp-1.6
and gir1.2-gupnp-av-1.0): finds the first ContentDirectory on the interface, browses the whole tree with
BrowseDirectChildren, and parses every answer with GUPnP-AV's DIDL-Lite parser. Prints one JSON object:
{"location", "udn", "objects": [{"kind", "id", "parent", "title", "childCount"?, "res"?}]}.

Usage: gupnp-browse.py -i IFACE [-n SECONDS]
"""
import argparse
import json
import sys

import gi

gi.require_version("GSSDP", "1.6")
gi.require_version("GUPnP", "1.6")
gi.require_version("GUPnPAV", "1.0")
from gi.repository import GLib, GObject, GSSDP, GUPnP, GUPnPAV  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("-i", "--interface", required=True)
parser.add_argument("-n", "--timeout", type=int, default=8)
args = parser.parse_args()

CDS = "urn:schemas-upnp-org:service:ContentDirectory:1"
context = GUPnP.Context.new_full(args.interface, None, 0, GSSDP.UDAVersion.VERSION_1_0)
control_point = GUPnP.ControlPoint.new(context, CDS)
loop = GLib.MainLoop()
result = {"location": None, "udn": None, "objects": []}


def browse(proxy, object_id):
    names = ["ObjectID", "BrowseFlag", "Filter", "StartingIndex", "RequestedCount", "SortCriteria"]
    values = [
        GObject.Value(GObject.TYPE_STRING, object_id),
        GObject.Value(GObject.TYPE_STRING, "BrowseDirectChildren"),
        GObject.Value(GObject.TYPE_STRING, "*"),
        GObject.Value(GObject.TYPE_UINT, 0),
        GObject.Value(GObject.TYPE_UINT, 0),
        GObject.Value(GObject.TYPE_STRING, ""),
    ]
    action = GUPnP.ServiceProxyAction.new_from_list("Browse", names, values)
    proxy.call_action(action, None)
    _ok, out = action.get_result_list(["Result"], [GObject.TYPE_STRING])
    return out[0]


def walk(proxy, object_id):
    found = []
    didl = GUPnPAV.DIDLLiteParser()
    didl.connect("container-available", lambda _p, c: found.append(("container", c)))
    didl.connect("item-available", lambda _p, i: found.append(("item", i)))
    try:
        didl.parse_didl(browse(proxy, object_id))
    except GLib.Error as error:
        if "Empty" not in error.message:  # GUPnP-AV calls an empty container an error
            raise
    for kind, node in found:
        entry = {"kind": kind, "id": node.get_id(), "parent": node.get_parent_id(), "title": node.get_title()}
        if kind == "container":
            entry["childCount"] = node.get_child_count()
        else:
            entry["res"] = [
                {
                    "uri": res.get_uri(),
                    "size": res.get_size64(),
                    "duration": res.get_duration(),
                    "width": res.get_width(),
                    "height": res.get_height(),
                    "mime": res.get_protocol_info().get_mime_type(),
                    "range": bool(res.get_protocol_info().get_dlna_operation() & GUPnPAV.DLNAOperation.RANGE),
                }
                for res in node.get_resources()
            ]
        result["objects"].append(entry)
        if kind == "container":
            walk(proxy, node.get_id())


def available(_control_point, proxy):
    if result["location"] is not None:
        return
    result["location"] = proxy.get_location()
    result["udn"] = proxy.get_udn()
    try:
        walk(proxy, "0")
    finally:
        loop.quit()


control_point.connect("service-proxy-available", available)
control_point.set_active(True)
GLib.timeout_add_seconds(args.timeout, loop.quit)
loop.run()
json.dump(result, sys.stdout)
sys.stdout.write("\n")
