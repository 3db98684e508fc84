export default function CatalogueRemote() {
  return <div data-remote="catalogue" data-version={__PACKAGE_VERSION__}>catalogue</div>;
}
