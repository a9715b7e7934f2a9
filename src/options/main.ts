/** Options page entry; settings land here once the background has them. */

const root = document.getElementById("app");
if (root === null) throw new Error("options: #app is missing from index.html");
const heading = document.createElement("h1");
heading.textContent = "Release Radar options";
root.replaceChildren(heading);
