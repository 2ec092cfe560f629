Feature: Each page action knows its inverse, and a POST makes it irreversible
  As a developer whose agent took a wrong turn on a web page
  I want each action undone by its inverse, the way a person would undo it (seed 000)
  So that a failed option leaves the page as it found it, and a sent form is never "undone"

  # The page before and after an action is written as its elements: `role 'name' [state] =
  # 'value'`, separated by `; `, the URL as `@/path`. The action is written as in a plan file.

  Scenario Outline: The inverse of <what>
    Given the page before is "<before>"
    And the page after is "<after>"
    When the reverter is asked for the inverse of "<action>" with requests "<requests>"
    Then the inverse is "<inverse>"

    Examples:
      | what                          | action                                              | before                                                             | after                                                                                                        | requests | inverse                                                |
      | a checkbox checked            | {check: {role: checkbox, name: Dark mode}}          | @/; checkbox 'Dark mode' [unchecked]                               | @/; checkbox 'Dark mode' [checked]                                                                           | none     | uncheck checkbox 'Dark mode'                           |
      | a checkbox checked already    | {check: {role: checkbox, name: Dark mode}}          | @/; checkbox 'Dark mode' [checked]                                 | @/; checkbox 'Dark mode' [checked]                                                                           | none     | nothing to undo                                        |
      | a checkbox clicked            | {click: {role: checkbox, name: Dark mode}}          | @/; checkbox 'Dark mode' [unchecked]                               | @/; checkbox 'Dark mode' [checked]                                                                           | none     | click checkbox 'Dark mode'                             |
      | typed text                    | {fill: {role: textbox, name: Name}, text: Ada}      | @/; textbox 'Name' = 'guest'                                       | @/; textbox 'Name' = 'Ada'                                                                                   | none     | fill textbox 'Name' with 'guest'                       |
      | text typed into an empty one  | {fill: {role: textbox, name: Name}, text: Ada}      | @/; textbox 'Name'                                                 | @/; textbox 'Name' = 'Ada'                                                                                   | none     | fill textbox 'Name' with ''                            |
      | an option selected            | {select: {role: combobox, name: Theme}, option: Dark} | @/; combobox 'Theme' = 'Light'                                   | @/; combobox 'Theme' = 'Dark'                                                                                | none     | select combobox 'Theme' 'Light'                        |
      | a dialog opened, with Cancel  | {click: {role: button, name: Export}}               | @/; button 'Export'                                                | @/; button 'Export'; dialog 'Export'; button 'Export now'; button 'Cancel'                                   | none     | click button 'Cancel'                                  |
      | a dialog with Close only      | {click: {role: button, name: Settings}}             | @/; button 'Settings'                                              | @/; button 'Settings'; dialog 'Settings'; button 'Close'                                                     | none     | click button 'Close'                                   |
      | a dialog with neither         | {click: {role: button, name: Help}}                 | @/; button 'Help'                                                  | @/; button 'Help'; dialog 'Help'; button 'OK'                                                                | none     | press Escape                                           |
      | a second Cancel on the page   | {click: {role: button, name: Export}}               | @/; button 'Export'; button 'Cancel'                               | @/; button 'Export'; button 'Cancel'; dialog 'Export'; button 'Cancel'                                       | none     | click button 'Cancel' #0                               |
      | a menu opened                 | {click: {role: button, name: File}}                 | @/; button 'File'                                                  | @/; button 'File' [expanded]; menu 'File'; menuitem 'Export...'                                              | none     | press Escape                                           |
      | a link followed               | {click: {role: link, name: About}}                  | @/; link 'About'                                                   | @/about; link 'Home'                                                                                         | none     | back                                                   |
      | a page opened                 | {goto: /about}                                      | @/; link 'About'                                                   | @/about; link 'Home'                                                                                         | none     | back                                                   |
      | a form saved                  | {click: {role: button, name: Save}}                 | @/; button 'Save'                                                  | @/; button 'Save'                                                                                            | GET POST | irreversible: it sent a POST request to the server   |
      | a record deleted              | {click: {role: button, name: Delete}}               | @/; button 'Delete'                                                | @/; button 'Delete'                                                                                          | delete   | irreversible: it sent a DELETE request to the server |
      | an order sent on a socket     | {click: {role: button, name: Buy}}                  | @/; button 'Buy'                                                   | @/; button 'Buy'                                                                                             | GET WEBSOCKET| irreversible: it sent a message over a WebSocket to the server |
      | a form and a socket           | {click: {role: button, name: Buy}}                  | @/; button 'Buy'                                                   | @/; button 'Buy'                                                                                             | POST WEBSOCKET| irreversible: it sent a POST request and a message over a WebSocket to the server |
      | a click that only read        | {click: {role: button, name: Refresh}}              | @/; button 'Refresh'                                               | @/; button 'Refresh'                                                                                         | GET      | nothing to undo                                        |
      | a change it cannot name       | {click: {role: button, name: Shuffle}}              | @/; button 'Shuffle'; button 'A'                                   | @/; button 'Shuffle'; button 'B'                                                                             | none     | irreversible: no inverse known for click button 'Shuffle' |
      | an unknown previous option    | {select: {role: combobox, name: Theme}, option: Dark} | @/; button 'Other'                                               | @/; combobox 'Theme' = 'Dark'                                                                                | none     | irreversible: the previous option is not known         |

  Scenario: A page state is stored as what changed, and read back whole
    Given the page before is "@/; checkbox 'Dark mode' [unchecked]; textbox 'Name' = 'guest'; button 'Export'"
    And the page after is "@/; checkbox 'Dark mode' [checked]; textbox 'Name' = 'guest'; dialog 'Export'; button 'Cancel'"
    Then what changed is "added dialog 'Export', button 'Cancel'; removed button 'Export'; changed checkbox 'Dark mode' [checked]; dialogs 'Export'"
    And the page before with what changed is the page after
    And the two pages are 0.17 alike

  Scenario: Random reversible actions on a settings page, each undone, end where they began
    When random reversible actions on a model of the settings page are each undone by the reverter
    Then every example ended in the page it started from
