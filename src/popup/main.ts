/**
 * Popup entry. Text goes in through textContent only: what the popup will show comes from the network,
 * and markup built from it would be an injection path.
 */

function render(root: HTMLElement): void {
  const heading = document.createElement("h1");
  heading.textContent = "Release Radar";
  const status = document.createElement("p");
  status.id = "status";
  status.textContent = "No release data yet.";
  root.replaceChildren(heading, status);
}

const root = document.getElementById("app");
if (root === null) throw new Error("popup: #app is missing from index.html");
render(root);
