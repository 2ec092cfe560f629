"""Keywords for the pictures of a plan: Mermaid and DOT read back as a parser would, and the
HTML page opened in a real headless Chromium (Debian's `chromium` and `chromium-driver`),
driven by Selenium.

Selenium is given the system's chromedriver and chromium by path, so its Selenium Manager
never looks for (or downloads) a browser of its own: the machine has no network.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

MERMAID_NODE = re.compile(r'    (\w+)\["([^"]*)"\]')
MERMAID_OTHER = re.compile(
    r"flowchart TD|    classDef \w+ [^;]+|    \w+ (-->|-\.->) \w+|    class [\w,]+ \w+"
)
# Anything Mermaid could read as syntax, in a label once its `#NN;` codes are taken out.
MERMAID_RAW = re.compile(r'["\[\]{}<>`|;%&\\#]')
DOT_NODE = re.compile(r'    (\w+) \[label="((?:[^"\\]|\\.)*)"((?:, \w+="[^"]*")*)\];')
CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",  # CI runs as root, where Chromium's own sandbox refuses to start
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",  # no network here: no update or sync attempts
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1400,1200",
)


class PictureLibrary:
    """Read pictures back; drive one headless Chromium per test."""

    ROBOT_LIBRARY_SCOPE = "GLOBAL"

    def __init__(self) -> None:
        self.driver: Any = None
        self.profile: str | None = None

    # Mermaid and DOT

    def mermaid_labels(self, text: str) -> dict[str, str]:
        """Each node's label, decoded (`#NN;` to its character, `<br/>` to a newline); fails on
        a line that is not a node, an edge, a class, or on a raw syntax character in a label."""
        lines = text.splitlines()
        if not lines or lines[0] != "flowchart TD":
            raise AssertionError(f"not a Mermaid flowchart: {lines[:1]}")
        labels = {}
        for line in lines:
            node = MERMAID_NODE.fullmatch(line)
            if node is None:
                if not MERMAID_OTHER.fullmatch(line):
                    raise AssertionError(f"a line Mermaid would misread: {line!r}")
                continue
            parts = node.group(2).split("<br/>")
            for part in parts:
                raw = MERMAID_RAW.search(re.sub(r"#\d+;", "", part.removeprefix("#")))
                if raw:
                    raise AssertionError(f"unescaped {raw.group()!r} in label {line!r}")
            decoded = [re.sub(r"#(\d+);", lambda m: chr(int(m.group(1))), p) for p in parts]
            labels[node.group(1)] = "\n".join(decoded)
        return labels

    def dot_nodes(self, text: str) -> dict[str, dict[str, str]]:
        """Each node's label (decoded: `\\n` a newline, `\\X` the character X) and attributes;
        fails unless the text is one `digraph` whose node lines all parse."""
        lines = text.splitlines()
        if lines[0] != "digraph plan {" or lines[-1] != "}":
            raise AssertionError("not one digraph")
        nodes = {}
        for line in lines:
            node = DOT_NODE.fullmatch(line)
            if node is None:
                if "label=" in line and not line.startswith("    plan "):
                    raise AssertionError(f"a label line that does not parse: {line!r}")
                continue
            label = re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else m.group(1), node[2])
            attributes = dict(re.findall(r'(\w+)="([^"]*)"', node.group(3)))
            nodes[node.group(1)] = {"label": label, **attributes}
        return nodes

    def graphviz_should_draw(self, dot_file: str, svg_file: str) -> bool:
        """Run Graphviz's `dot -Tsvg` on the file when it is installed (False when not)."""
        if shutil.which("dot") is None:
            return False
        done = subprocess.run(
            ["dot", "-Tsvg", "-o", svg_file, dot_file], capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise AssertionError(f"dot refused the DOT text: {done.stderr}")
        return True

    # the HTML page in Chromium

    def open_page_in_chromium(self, page: str) -> None:
        """Start headless Chromium on the page (a file), with a profile of its own."""
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        chromium, chromedriver = shutil.which("chromium"), shutil.which("chromedriver")
        if chromium is None or chromedriver is None:
            message = "no chromium or chromedriver: apt-get install chromium chromium-driver"
            if os.environ.get("CI"):
                raise AssertionError(message)
            from robot.api.exceptions import SkipExecution

            raise SkipExecution(message)
        self.profile = tempfile.mkdtemp(prefix="agents-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={self.profile}"):
            options.add_argument(flag)
        self.driver = webdriver.Chrome(
            service=Service(executable_path=chromedriver), options=options
        )
        self.driver.get(Path(page).resolve().as_uri())

    def close_chromium(self) -> None:
        """End the browser and its driver (a test teardown: also after a failure)."""
        try:
            if self.driver is not None:
                self.driver.quit()
        finally:
            self.driver = None
            if self.profile:
                shutil.rmtree(self.profile, ignore_errors=True)
                self.profile = None

    def decisions_in_path(self, kind: str) -> list[str]:
        """The ids of the decisions shown in the fork's `original` or `corrected` path."""
        from selenium.webdriver.common.by import By

        lanes = self.driver.find_elements(By.CSS_SELECTOR, f"section.path.{kind}")
        if len(lanes) != 1:
            raise AssertionError(f"expected one {kind} path on the page, found {len(lanes)}")
        found = lanes[0].find_elements(By.CSS_SELECTOR, "details.decision")
        return [element.get_attribute("id").removeprefix("d-") for element in found]

    def path_heading(self, kind: str) -> str:
        from selenium.webdriver.common.by import By

        return str(self.driver.find_element(By.CSS_SELECTOR, f"section.path.{kind} > h2").text)

    def decision_text(self, decision: str) -> str:
        """The line a person reads for the decision (its `<summary>`), as the browser shows it."""
        return str(self._summary(decision).text)

    def decision_colour(self, decision: str) -> str:
        """The computed colour of the decision's line, `rgb(...)` or `rgba(...)`."""
        return str(self._summary(decision).value_of_css_property("color"))

    def diff_shown(self, decision: str) -> str:
        """The decision's diff as the browser shows it, "" while it is hidden."""
        from selenium.webdriver.common.by import By

        diff = self.driver.find_element(By.CSS_SELECTOR, f'[id="d-{decision}"] pre.diff')
        return str(diff.text) if diff.is_displayed() else ""

    def click_decision(self, decision: str) -> None:
        self._summary(decision).click()

    def scripts_on_page(self) -> int:
        """How many `<script>` elements the page has (it needs none)."""
        from selenium.webdriver.common.by import By

        return len(self.driver.find_elements(By.TAG_NAME, "script"))

    def screenshots_drawn(self) -> int:
        """How many embedded screenshots (`img.shot`) the browser decoded into a picture."""
        drawn = self.driver.execute_script(
            "return [...document.querySelectorAll('img.shot')]"
            ".filter(i => i.complete && i.naturalWidth > 0).length"
        )
        return int(drawn)

    def page_shown(self, decision: str) -> str:
        """What the decision's body shows of its page (URL, changes), as the browser shows it."""
        from selenium.webdriver.common.by import By

        found = self.driver.find_elements(By.CSS_SELECTOR, f'[id="d-{decision}"] .page-changes')
        return str(found[0].text) if found else ""

    def no_alert_should_be_open(self) -> None:
        """Fail when a script on the page opened an alert."""
        from selenium.common.exceptions import NoAlertPresentException

        try:
            text = self.driver.switch_to.alert.text
        except NoAlertPresentException:
            return
        raise AssertionError(f"a script ran on the page: alert {text!r}")

    def save_page_screenshot(self, path: str) -> None:
        """A PNG of the whole page as it is drawn now."""
        from selenium.webdriver.common.by import By

        Path(path).parent.mkdir(parents=True, exist_ok=True)
        height = self.driver.execute_script("return document.documentElement.scrollHeight")
        self.driver.set_window_size(1400, max(900, min(int(height) + 40, 4000)))
        if not self.driver.find_element(By.TAG_NAME, "body").screenshot(path):
            raise AssertionError(f"no screenshot written to {path}")

    def _summary(self, decision: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, f'[id="d-{decision}"] > summary')
