"""Third-party startup files longer than agents reads (`home_words.MOST_BYTES`), known by
their content: nvm's `nvm.sh` (its installer's `.bashrc` lines source it; 66 to 160 KB).
Not read, a home file fails closed: what it sources cannot be told, and it may be the tree's
(a user's own long file may source `$DOTFILES/x.sh`). One of these releases, by the SHA-256
of its bytes (a name alone is anyone's: a user's own `~/.nvm/nvm.sh`, or a tree's, the model
may change after the look), is known instead: nvm.sh sources no file but `/etc/os-release`
(in a function), evals only its own assignments and download commands, reads `.nvmrc` as a
version (data), and puts `$NVM_DIR/versions/node/<version>/bin` on PATH. So, sourced: any
variable set before it counts as possibly changed (`home_unread.CHANGED`: a later path using
one fails closed where used) but NVM_DIR, which it sets to its own folder when unset and
otherwise keeps; NVM_DIR in the tree makes the tree whole (its programs would run). The table
holds every release of `nvm.sh` over 64 KiB (v0.29.0 to v0.40.6, from nvm's repository's
tags); a release not in it fails closed as any long file does, said."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from cleveragents.adapters.git.stamped_reads import regular_bytes
from cleveragents.adapters.home_unread import CHANGED, mark_changed
from cleveragents.adapters.home_values import UNSET
from cleveragents.adapters.home_words import _environ, _relative
from cleveragents.domain.tree_scripts import MOST_BYTES

MOST_KNOWN = 1024 * 1024  # the longest known file agents hashes
NVM_RELEASES = frozenset(
    (
        "c50e89f970fe54cfc6d7bd00462b92ec3c965529967f2d77746434129393f508",  # v0.29.0
        "e99ecd309d287516152f8df760679b4be63cd755ef30671530d2e142050e2eaa",  # v0.30.0
        "162bfd3a9930c1fd417ca91bb3e323e4c94c5c933add68472b82e52c63899cf1",  # v0.30.1
        "5489377762dda5c420f74f5341761ebe410144e651369bb6d2f4334151fe3f12",  # v0.30.2
        "e1bc1de5355577338f48fd4dfd3c39ca38b244119a2a472074cb625c3dee09a2",  # v0.31.0
        "3fcfe00a24e70340714409c10ce7ab9632520e30a67baa6ba901d1928d227271",  # v0.31.1
        "5e94da739216a21f7353e4908e451250a67ad684b5e41553635c8e73c42f8173",  # v0.31.2
        "3c474537b2528e4dc7f91dacf144cb0342ef2b85ea14cfcb6fdcb11cf21eecdc",  # v0.31.3
        "d3463e1df311808cef57c717107c9cffd1d3564a8618a1fd0736f6544d665f13",  # v0.31.4
        "67c4b226413fba3f97fad3ba907def46da9c175bbc7025cf7dd1e3f95115813d",  # v0.31.5
        "04d01f6b09cef06ccf7ce5f905c9f779cba81a0ca108ec18fc8f8895ec915062",  # v0.31.6
        "9fdce0c4d8c17912c9e61f257691c6ab24db81e219171ca9f40d095947da41d3",  # v0.31.7
        "b297e1c4290a77208fd8d96d63680f82353d87532d0d991fc0f0377872f1ec51",  # v0.32.0
        "2fe5c850ed3c701081471ebd3772d5861773cac20e509ee4fb21b54d8f0e468c",  # v0.32.1
        "40208b5d10788c257fa4bf7619f4fde57476c75d3e99e17b1cd9b9f413d11a39",  # v0.33.0
        "59d4f6a0ca127dd4f52af8d04761d82a7b4077755e5e9ee77b0465810e70b77a",  # v0.33.1
        "77a6da997af26a52fc0647dee849d90d5f36f9222c6d48a5f738672cb850c2d0",  # v0.33.2
        "5847307bed44b3df1c217454a839071c1246d9b8f6d1fbcbb43849cedb411512",  # v0.33.3
        "ca5ccf621a66c556e8a8fbfe9e02fcbfabbb0623a820c28c8064a3673b6f0b95",  # v0.33.4
        "f3420760c4b17f567febb6ed71ef8da21a30d742a7989fda24bd3d2388e920be",  # v0.33.5
        "8b76473070da818580e2c4c7dc2148f4958d959e6ef26c37a8760b4f2099eb80",  # v0.33.6
        "9ea8a0ccd2e10bbaf770c300240585f24747cf761973c6f261f907b08adf5e8c",  # v0.33.7
        "5142e0227e74e88145d97b5018fa866075582c207e1f56b6a3c2e1ddddcc8616",  # v0.33.8
        "4171ff7f65a69e88c076a6252915dcf0d83b34eb028fb6729f01d4f7a7627951",  # v0.33.9
        "ee57c1c8e977bb1b372521bd50509bb13ed455099ab25948564631b81dc4d116",  # v0.33.10
        "df96ccadf6252acc8b461e98a3d25ccab2cf32edc7879dffd71d966c7e8903f1",  # v0.33.11
        "709fc0a17bfdbd7e03e4ebf59942e1cc50a8ac53b439ff5f5a25ed5325657a47",  # v0.34.0
        "864cd253614d13bbe3373101303bb4b97578256120c093e7cf5b3a17f7345fc8",  # v0.35.0
        "f78c679bb834b9e4653fd0fcae6b590c99fea7590cda24b6c7756b706b0eafbc",  # v0.35.1
        "e67f17d13c9f88b9487c0d5106376337adf19608b7ddc87f3ea92e13242baa50",  # v0.35.2
        "61d84746720aec30f4d746d2c34323967b9296f756eccab8b6a8d334e988e3be",  # v0.35.3
        "780e0bf0792c6a616c85d4b502a3f86da0a37110c6b60fb1a06dd3b3ce92ba1d",  # v0.36.0
        "79f2f14b8191649fe1e1039f5bb2c0a1f0647d1529b333df0f3ffbc3d753d21e",  # v0.37.0
        "b63d8ac5eee6291e37b0a45f5e273f4110e12a24ec6d1818ada2a320a1be5fde",  # v0.37.1
        "a1d7e5ce198bddc594b1e3f15d7c832cd820b60bbb5bc1b4f258dcb7de3ad782",  # v0.37.2
        "0d3c8989afc734bfe2ff107c86db22ba5abc5981b39e488fc20bc51925819b29",  # v0.38.0
        "33501ecb51fc57f5734c67a4694be008e6f8bd391d065d18b8c08bf9fbd35234",  # v0.39.0
        "265c9dab8cb08fbafd0198403136fd6e53b42b2a30b2ad79bf3a43109ddf4c5a",  # v0.39.1
        "714b01c0e57dece33cce837b72ef2b66fe5d232b0b4b80589e952519ffee7161",  # v0.39.2
        "0d4334a3dcad6a504a5cbe63b6f25e3089ac0cebf7c1cbdae64703c4a87df52c",  # v0.39.3
        "06b7c52480a9c253a8d6664ddda2f1f38a3335fa8e858a1bac0f007bc31933c1",  # v0.39.4
        "a2b68539bed5297056bf3b6602933935021755d6382dc9b8439005986e06cd33",  # v0.39.5
        "3b89a74a02c60934a6bdda679c6c01b29ba935c4a1d4d39bbeccc4fe1e9cf23f",  # v0.39.6
        "a42d1695e0ca1861e41083937129e6eb9402404f817ac1e352b74287c44449c1",  # v0.39.7
        "a72c3acdb72e48d16b9150f72a527b64c7a71a27eacfa1c72204a7a316e58cbb",  # v0.40.0
        "dc84afb1ded75cccdb1a62b35d99ecbbc0c8653eb70224cd3c1c01c171340ddf",  # v0.40.1
        "9290aec6cc2efc89273e16a77214eb37303caaff8c943102de5116fdef47ba86",  # v0.40.2
        "390260ab9eb1da20e8bc0ebea2ee90f528d53e5e9f6e13b16717db4af454df9d",  # v0.40.3
        "7bb0324a92b1b7a3d612a00fd361f0daa78960cb4d404e7e42acf76eb53f6850",  # v0.40.4
        "cd6f374433a22ec01919a834cf59d03e0ba07c226bed460a50ef5eecc38c39ef",  # v0.40.5
        "baad94563757afa5147950e3dfa272f06b6307e1a7d92c553f8438959b5165fe",  # v0.40.6
    )
)


def read_known(path: str, variables: dict[str, list[str] | None], top: Path) -> tuple[bool, str]:
    """Whether `path`, a home startup file too long to read, is a known release (its effects
    then marked in `variables`: where a line sources it, `home_scan._scan`, so the lines
    after see them), and why the tree is whole for it ("": it is not)."""
    real = os.path.realpath(path)
    if _relative(top, path) is not None or _relative(top, real) is not None:
        return False, ""  # the tree's: what it holds after the look is the model's
    if not os.path.isfile(real) or os.path.getsize(real) <= MOST_BYTES:
        return False, ""  # (one agents reads: what it sources is read)
    if _digest(real) not in NVM_RELEASES:
        return False, ""
    held = variables["NVM_DIR"] if "NVM_DIR" in variables else _environ("NVM_DIR") or [UNSET]
    if held is None or "NVM_DIR" in (variables.get(CHANGED) or []):
        return True, "nvm.sh's NVM_DIR is a folder agents cannot name"
    own = os.path.dirname(real)  # where it sets NVM_DIR when unset; else strips its `/`s
    folders = [own if one in (UNSET, "") else one.rstrip("/") or "/" for one in held]
    if any(_relative(top, os.path.realpath(one)) is not None for one in folders):
        return True, "nvm.sh runs the node programs of its NVM_DIR, a folder of this tree"
    mark_changed(variables, "")
    variables[CHANGED] = [one for one in variables[CHANGED] or [] if one != "NVM_DIR"]
    variables["NVM_DIR"] = list(dict.fromkeys(folders))
    return True, ""


def _digest(path: str) -> str:
    """The SHA-256 of the regular file at `path`, of at most `MOST_KNOWN` bytes ("": none)."""
    found = regular_bytes(path, MOST_KNOWN, follow=True)
    if found is None or len(found[0]) > MOST_KNOWN:
        return ""
    return hashlib.sha256(found[0]).hexdigest()
