*** Settings ***
Documentation       As a developer letting an agent loose on my repository,
...                 I want every failed option undone exactly, down to modes, symlinks and bytes,
...                 so that the next option starts from the step's checkpoint and my ignored
...                 files, index, branches, stash and reflogs are never touched.

Resource            resources/agents.resource

Test Setup          Create Tricky Temporary Repository
Test Teardown       Remove Temporary Repository
Test Template       A Failing Option That Runs A Command Is Undone Exactly


*** Test Cases ***                                  COMMAND
Executable Bit Removed                              chmod -x script.sh
Executable Bit Added                                chmod +x target.txt
Symlink Pointed Elsewhere                           ln -sfn other.txt link
Symlink Replaced By A File                          rm link && echo plain > link
File With A Space In Its Name Deleted               rm 'docs/read me.txt'
Unicode File Rewritten                              printf 'un hiver' > 'données/été.txt'
Unicode Folder Deleted                              rm -r données
Binary File Changed                                 printf '\\377\\000' >> bin.dat
Binary File Truncated                               : > bin.dat
Untracked File Deleted                              rm untracked.txt
Untracked File Edited With The Same Size            printf 'NOT COMMITTED, NOT IGNORED\\n' > untracked.txt
New Files And Folders Created                       mkdir -p 'fresh/sub dir' && echo x > 'fresh/sub dir/ü.txt' && echo y > 'new file.txt'
File Renamed                                        mv target.txt moved.txt
File Replaced By A Folder                           rm script.sh && mkdir script.sh && echo inner > script.sh/inner

Every Kind Of Change At Once, Ignored Files Changed Too
    [Template]    NONE
    Write Repository File    build/deleted.o    built before the run\n
    Write Repository File    build/chmodded.o    built before the run\n
    ${expected}    Copy Of Working Tree
    ${keep}    File Identity    ${REPO}/build/keep.o
    Run Failing Option Then Second Option
    ...    chmod -x script.sh && ln -sfn other.txt link && rm 'docs/read me.txt' && printf 'x' >> 'données/été.txt' && printf 'y' >> bin.dat && printf 'rebuilt' > build/touched.o && echo fresh > build/new.o && rm build/deleted.o && chmod +x build/chmodded.o
    # What the failed option's command changed or deleted in build/ comes back with the
    # step's checkpoint (saved before it ran); what it created there stays.
    Create File    ${expected}/result.txt    ${SECOND_OPTION}
    Create File    ${expected}/build/new.o    fresh\n
    Working Tree Should Equal    ${REPO}    ${expected}
    ${after}    File Identity    ${REPO}/build/keep.o
    Should Be Equal    ${after}    ${keep}    build/keep.o was rewritten by the restore

A Folder Replaced By A Link Leaving The Tree Is Restored Without Writing Outside
    [Template]    NONE
    Create Directory    ${WORK}/outside
    ${expected}    Copy Of Working Tree
    Run Failing Option Then Second Option    rm -r docs && ln -s ${WORK}/outside docs
    Create File    ${expected}/result.txt    ${SECOND_OPTION}
    Working Tree Should Equal    ${REPO}    ${expected}
    Directory Should Be Empty    ${WORK}/outside

Ignored Files Survive A Failed Option That Deleted .gitignore
    [Documentation]    DESIGN.md: ignored files are never captured and never touched by a restore.
    ...    Deleting .gitignore must not turn build/ into files the restore deletes.
    [Template]    NONE
    ${expected}    Copy Of Working Tree
    Run Failing Option Then Second Option    rm .gitignore
    Create File    ${expected}/result.txt    ${SECOND_OPTION}
    Working Tree Should Equal    ${REPO}    ${expected}

Ignored Files Survive A Failed Option That Emptied .gitignore
    [Documentation]    As above, with .gitignore emptied instead of deleted.
    [Template]    NONE
    ${expected}    Copy Of Working Tree
    Run Failing Option Then Second Option    : > .gitignore
    Create File    ${expected}/result.txt    ${SECOND_OPTION}
    Working Tree Should Equal    ${REPO}    ${expected}

The User's Index, HEAD, Branches, Stash And Reflogs Are Byte-For-Byte Unchanged
    [Template]    NONE
    Git    branch    feature
    Write Repository File    README.md    \# demo\nstashed work\n
    Git    stash    push    --quiet    -m    work in progress
    Write Repository File    staged.txt    staged, not committed\n
    Git    add    staged.txt
    Write Repository File    staged.txt    staged, then edited again\n
    ${expected}    Copy Of Working Tree
    ${before}    Snapshot Git State    ${REPO}
    Run Failing Option Then Second Option
    ...    echo agent >> staged.txt && echo agent > untracked.txt
    Git State Should Match Snapshot    ${REPO}    ${before}
    Create File    ${expected}/result.txt    ${SECOND_OPTION}
    Working Tree Should Equal    ${REPO}    ${expected}
    ${staged}    Git    diff    --cached    --name-only
    Should Be Equal    ${staged}    staged.txt

Checkpoints Are Commits Under refs/cleveragents/ Holding Untracked But Not Ignored Files
    [Template]    NONE
    ${document}    Run Failing Option Then Second Option    echo agent > untracked.txt
    ${refs}    Checkpoint Refs
    # The ignored files saved before the command are on a ref of their own, never sent.
    VAR    ${id}    ${document}[plan][id]
    Should Be Equal    ${refs}    refs/cleveragents/plans/${id}\nrefs/cleveragents/saved/${id}
    ${step}    Decision By Id    ${document}    2
    ${files}    Git    ls-tree    -r    --name-only    ${step}[checkpoint_before]
    Should Contain    ${files}    untracked.txt
    Should Contain    ${files}    docs/read me.txt
    Should Not Contain    ${files}    build/
    ${content}    Git    show    ${step}[checkpoint_before]:untracked.txt
    Should Be Equal    ${content}    not committed, not ignored
    # The checkpoints survive garbage collection: the ref keeps them reachable.
    Git    gc    --quiet    --prune\=now
    Git    cat-file    -e    ${step}[checkpoint_before]


*** Keywords ***
Create Tricky Temporary Repository
    Create Temporary Repository
    Create Tricky Repository

A Failing Option That Runs A Command Is Undone Exactly
    [Documentation]    The step's first option runs `${command}` and fails its check; the second
    ...    writes result.txt. The tree ends as before the plan, plus result.txt.
    [Arguments]    ${command}
    ${expected}    Copy Of Working Tree
    ${keep}    File Identity    ${REPO}/build/keep.o
    ${document}    Run Failing Option Then Second Option    ${command}
    # The command did change the tree (its checkpoints differ), and the restore undid it.
    ${ran}    Decision By Id    ${document}    3
    ${changed}    Git    diff-tree    -r    --name-only    ${ran}[checkpoint_before]
    ...    ${ran}[checkpoint_after]
    Should Not Be Empty    ${changed}    `${command}` changed nothing the checkpoint holds
    Create File    ${expected}/result.txt    ${SECOND_OPTION}
    Working Tree Should Equal    ${REPO}    ${expected}
    ${after}    File Identity    ${REPO}/build/keep.o
    Should Be Equal    ${after}    ${keep}    the ignored build/keep.o was rewritten
