*** Settings ***
Documentation       As a developer running an agent on my repository,
...                 I want its file actions confined to the working tree even through symlinks,
...                 so that a plan can never write, edit or delete a file outside it.

Resource            resources/agents.resource

Test Setup          Create Repository With A Link Leaving It
Test Teardown       Remove Temporary Repository
Test Template       Action Through A Symlink Leaving The Tree Is Refused


*** Test Cases ***                          ACTIONS
Write Through A Committed Link              {write: out/x.txt, content: "x"}
Write Into A Folder Made Through The Link   {write: out/new/x.txt, content: "x"}
Edit Through A Committed Link               {edit: out/victim.txt, find: precious, replace: gone}
Delete Through A Committed Link             {delete: out/victim.txt}
Overwrite A Link To An Outside File         {write: victim-link, content: "x"}
Edit A Link To An Outside File              {edit: victim-link, find: precious, replace: gone}
Write Through A Link Made By An Earlier Action
    {run: "ln -s ${WORK}/outside late"}, {write: late/x.txt, content: "x"}


*** Keywords ***
Create Repository With A Link Leaving It
    Create Temporary Repository
    Create File    ${WORK}/outside/victim.txt    precious\n
    Make Symlink    out    ${WORK}/outside
    Make Symlink    victim-link    ${WORK}/outside/victim.txt
    Commit All    a link to a folder outside the working tree

Action Through A Symlink Leaving The Tree Is Refused
    [Documentation]    The first option's actions are refused at run time and write nothing
    ...    outside; the second option then completes the plan.
    [Arguments]    ${actions}
    ${outside}    Set Variable    ${WORK}/outside
    ${plan}    Write Plan From Template    ${PLANS}/through_link.yaml    ACTIONS=${actions}
    ${result}    Run Plan    ${plan}
    Exit Code Should Be    ${result}    0
    Should Match Regexp    ${result.stdout}    ✗ #\\d+ \ action · .* — refused: path .* leaves the working tree
    ${document}    Plan Tree Document
    ${refused}    Get Refused Action    ${document}
    Should Not Be True    ${refused}[ok]
    Should Start With    ${refused}[outcome]    refused:
    ${left}    List Directory    ${outside}
    Should Be Equal    ${left}    ${{ ["victim.txt"] }}    something was written outside: ${left}
    ${victim}    Get File    ${outside}/victim.txt
    Should Be Equal    ${victim}    precious\n
    File Should Exist    ${REPO}/result.txt

Get Refused Action
    [Arguments]    ${document}
    ${decisions}    Decisions Of    ${document}
    FOR    ${decision}    IN    @{decisions}
        IF    $decision["kind"] == "action" and not $decision["ok"]    RETURN    ${decision}
    END
    Fail    no failed action in the tree
